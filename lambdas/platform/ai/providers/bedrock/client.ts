/**
 * What every Bedrock call shares, for the full provider (text.ts) and for functions that only
 * embed (embed.ts): the model configuration, the SDK and one client per process, the
 * mapping of SDK failures to typed AI errors, and the JSON InvokeModel call. Model ids are
 * configuration, never code constants that could reach end of life unnoticed (Nova Canvas/Reel v1
 * and Titan Image v2 did in 2026):
 *   BEDROCK_TEXT_MODEL_ID       default `global.amazon.nova-2-lite-v1:0` (Nova 2 Lite, global
 *                               cross-region inference profile; any Converse model works)
 *   BEDROCK_EMBEDDING_MODEL_ID  default `amazon.titan-embed-text-v2:0`
 *   BEDROCK_EMBEDDING_DIMENSIONS default 1024 (Titan V2: 256/512/1024; Nova: 256/384/1024/3072)
 *   BEDROCK_IMAGE_MODEL_ID      default `stability.stable-image-core-v1:1`
 *   BEDROCK_REGION              optional region override (else the Lambda's AWS_REGION)
 * Region prefixes of inference profiles (`eu.`, `us.`, `global.`...) and ARNs are accepted.
 * Errors: throttling, unavailability, model timeouts/not ready, 5xx → AiRetryableError;
 * access/validation/unknown model → AiProviderError.
 */
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type * as BedrockSdk from '@aws-sdk/client-bedrock-runtime';
import { AI_MSG, AiError, AiProviderError, AiRetryableError } from '../../errors';

export interface BedrockModels {
  text: string;
  embedding: string;
  image: string;
  embeddingDimensions: number;
}

export const BEDROCK_DEFAULT_MODELS: BedrockModels = {
  text: 'global.amazon.nova-2-lite-v1:0',
  embedding: 'amazon.titan-embed-text-v2:0',
  image: 'stability.stable-image-core-v1:1',
  embeddingDimensions: 1024,
};

/** Model configuration from the environment (see the module header), defaults filled in. */
export function bedrockModelsFromEnv(env: Record<string, string | undefined> = process.env): BedrockModels {
  const dims = Number(env.BEDROCK_EMBEDDING_DIMENSIONS);
  return {
    text: env.BEDROCK_TEXT_MODEL_ID?.trim() || BEDROCK_DEFAULT_MODELS.text,
    embedding: env.BEDROCK_EMBEDDING_MODEL_ID?.trim() || BEDROCK_DEFAULT_MODELS.embedding,
    image: env.BEDROCK_IMAGE_MODEL_ID?.trim() || BEDROCK_DEFAULT_MODELS.image,
    embeddingDimensions: Number.isInteger(dims) && dims > 0 ? dims : BEDROCK_DEFAULT_MODELS.embeddingDimensions,
  };
}

/** Options of a Bedrock provider or embedder: without them, the module client and the environment's models. */
export interface BedrockProviderOptions {
  client?: BedrockRuntimeClient;
  models?: Partial<BedrockModels>;
}

/**
 * The SDK and one client per process, created when this module loads (index.ts and embeddings.ts
 * load it only when Bedrock is first used). The SDK is a dynamic import so that bundles, which keep
 * `@aws-sdk/*` external, do not load it at cold start of functions that never call Bedrock.
 */
const sdkLoading: Promise<typeof BedrockSdk> = import('@aws-sdk/client-bedrock-runtime');
const moduleClient: Promise<BedrockRuntimeClient> = sdkLoading.then(
  (sdk) => new sdk.BedrockRuntimeClient(process.env.BEDROCK_REGION ? { region: process.env.BEDROCK_REGION } : {}),
);
moduleClient.catch(() => undefined); // a load failure surfaces on first use, not as an unhandled rejection

const RETRYABLE_ERRORS = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'InternalServerException',
  'TimeoutError',
  'RequestTimeout',
]);

/** Bedrock/SDK failure → typed AI error. */
export function mapBedrockError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const name = e.name ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  const detail = `${name}: ${e.message ?? ''}`.slice(0, 500);
  if (RETRYABLE_ERRORS.has(name) || status === 429 || (status !== undefined && status >= 500) || /ECONNRESET|ETIMEDOUT|EAI_AGAIN/.test(e.code ?? '')) {
    return new AiRetryableError('bedrock', detail, error);
  }
  if (name === 'AccessDeniedException') return new AiProviderError('bedrock', AI_MSG.provider, { status, detail, cause: error });
  if (name === 'ResourceNotFoundException') return new AiProviderError('bedrock', AI_MSG.modelNotFound, { status, detail, cause: error });
  return new AiProviderError('bedrock', AI_MSG.provider, { status, detail, cause: error });
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Family match that ignores inference-profile prefixes and ARNs. */
export const isFamily = (modelId: string, family: RegExp) => family.test(modelId.split('/').pop() ?? modelId);

/** The commands the layer sends (Converse/InvokeModel; async invocations for video, video.ts). */
export type BedrockCommand = BedrockSdk.ConverseCommand | BedrockSdk.InvokeModelCommand | BedrockSdk.StartAsyncInvokeCommand | BedrockSdk.GetAsyncInvokeCommand;

export interface BedrockCaller {
  /** Sends the command built from the SDK; failures become typed AI errors. */
  send<T>(command: (sdk: typeof BedrockSdk) => BedrockCommand): Promise<T>;
  /** InvokeModel with a JSON body; the JSON response body. */
  invokeJson(modelId: string, body: Record<string, unknown>): Promise<unknown>;
}

/** Calls through `client`, or the module client when absent. */
export function bedrockCaller(client?: BedrockRuntimeClient): BedrockCaller {
  async function send<T>(command: (sdk: typeof BedrockSdk) => BedrockCommand): Promise<T> {
    try {
      const [sdk, resolved] = await Promise.all([sdkLoading, client ?? moduleClient]);
      return (await resolved.send(command(sdk) as never)) as T;
    } catch (error) {
      throw mapBedrockError(error);
    }
  }

  async function invokeJson(modelId: string, body: Record<string, unknown>): Promise<unknown> {
    const response = await send<{ body?: Uint8Array }>(
      (sdk) => new sdk.InvokeModelCommand({ modelId, contentType: 'application/json', accept: 'application/json', body: encoder.encode(JSON.stringify(body)) }),
    );
    try {
      return JSON.parse(decoder.decode(response.body ?? new Uint8Array()));
    } catch (error) {
      throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'response body is not JSON', cause: error });
    }
  }

  return { send, invokeJson };
}
