/**
 * The `bedrock` provider (AWS default). Model ids are configuration, never code constants that
 * could reach end of life unnoticed (Nova Canvas/Reel v1 and Titan Image v2 did in 2026):
 *   BEDROCK_TEXT_MODEL_ID       default `global.amazon.nova-2-lite-v1:0` (Nova 2 Lite, global
 *                               cross-region inference profile; any Converse model works)
 *   BEDROCK_EMBEDDING_MODEL_ID  default `amazon.titan-embed-text-v2:0`
 *   BEDROCK_EMBEDDING_DIMENSIONS default 1024 (Titan V2: 256/512/1024; Nova: 256/384/1024/3072)
 *   BEDROCK_IMAGE_MODEL_ID      default `stability.stable-image-core-v1:1`
 *   BEDROCK_REGION              optional region override (else the Lambda's AWS_REGION)
 * Region prefixes of inference profiles (`eu.`, `us.`, `global.`...) and ARNs are accepted.
 *
 * - Text: Converse (system, messages, toolConfig for tools, inferenceConfig); knowledge passages
 *   are appended to the system prompt. JSON: Converse + parse + zod + one repair (json.ts).
 * - Embeddings (InvokeModel, one adapter per family):
 *   Amazon Titan Text Embeddings V2 `{inputText, dimensions, normalize}` → `{embedding}`, one text per call;
 *   Cohere Embed v3/v4 `{texts, input_type: search_document|search_query, truncate, embedding_types}` →
 *   `{embeddings: number[][] | {float: number[][]}}`, 96 texts per call;
 *   Amazon Nova Multimodal Embeddings `{taskType: SINGLE_EMBEDDING, singleEmbeddingParams}` →
 *   `{embeddings: [{embedding}]}`, one text per call (GENERIC_INDEX for documents, TEXT_RETRIEVAL for queries).
 * - Images (InvokeModel): Stability Stable Image Core/Ultra `{prompt, mode: text-to-image, aspect_ratio,
 *   output_format}` (text-to-image only on Bedrock: a reference image is ignored) and Stable Diffusion
 *   3.5 Large (also `{mode: image-to-image, image, strength}` with a reference image) → `{images: [base64],
 *   finish_reasons}`. Other families throw AiUnsupportedModelError.
 * - Errors: throttling, unavailability, model timeouts/not ready, 5xx → AiRetryableError; safety
 *   filters → AiContentFilteredError; access/validation/unknown model → AiProviderError.
 */
import type { BedrockRuntimeClient, ConverseCommandInput, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type * as BedrockSdk from '@aws-sdk/client-bedrock-runtime';
import type { $ZodType, output } from 'zod/v4/core';
import { AI_MSG, AiContentFilteredError, AiError, AiProviderError, AiRetryableError, AiUnsupportedModelError } from './errors';
import { sniffImageType } from './http';
import { generateJsonWithRepair } from './json';
import { systemWithPassages } from './prompt';
import type { AiProvider, EmbeddingResult, ImageRequest, ImageResult, TextRequest, TextResult } from './types';

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

/**
 * The SDK and one client per process, created when this module loads (index.ts loads it only when
 * a Bedrock provider is first used). The SDK is a dynamic import so that bundles, which keep
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
const isFamily = (modelId: string, family: RegExp) => family.test(modelId.split('/').pop() ?? modelId);

// ---------- embeddings ----------

interface EmbeddingAdapter {
  batchSize: number;
  body(texts: string[], purpose: 'document' | 'query', dimensions: number): Record<string, unknown>;
  parse(json: unknown): number[][];
}

const isVector = (v: unknown): v is number[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number');

function vectorsOrThrow(vectors: unknown): number[][] {
  if (!Array.isArray(vectors) || !vectors.every(isVector)) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'unexpected embedding response shape' });
  return vectors;
}

const EMBEDDING_ADAPTERS: { family: RegExp; adapter: EmbeddingAdapter }[] = [
  {
    family: /(^|\.)amazon\.titan-embed-text-v2/,
    adapter: {
      batchSize: 1,
      body: ([text], _purpose, dimensions) => ({ inputText: text, dimensions, normalize: true }),
      parse: (json) => vectorsOrThrow([(json as { embedding?: unknown }).embedding]),
    },
  },
  {
    family: /(^|\.)cohere\.embed-(multilingual-v3|english-v3|v4)/,
    adapter: {
      batchSize: 96,
      body: (texts, purpose) => ({ texts, input_type: purpose === 'query' ? 'search_query' : 'search_document', truncate: 'END', embedding_types: ['float'] }),
      parse: (json) => {
        const embeddings = (json as { embeddings?: unknown }).embeddings;
        return vectorsOrThrow(Array.isArray(embeddings) ? embeddings : (embeddings as { float?: unknown } | undefined)?.float);
      },
    },
  },
  {
    family: /(^|\.)amazon\.nova-2-multimodal-embeddings/,
    adapter: {
      batchSize: 1,
      body: ([text], purpose, dimensions) => ({
        taskType: 'SINGLE_EMBEDDING',
        singleEmbeddingParams: {
          embeddingPurpose: purpose === 'query' ? 'TEXT_RETRIEVAL' : 'GENERIC_INDEX',
          embeddingDimension: dimensions,
          text: { truncationMode: 'END', value: text },
        },
      }),
      parse: (json) => vectorsOrThrow(((json as { embeddings?: { embedding?: unknown }[] }).embeddings ?? []).map((e) => e.embedding)),
    },
  },
];

// ---------- images ----------

const ASPECT_RATIOS = ['1:1', '16:9', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'] as const;

/** The Stability aspect ratio closest to width/height. */
export function aspectRatioFor(width = 1, height = 1): string {
  const target = Math.log(width / height);
  let best: string = ASPECT_RATIOS[0];
  let bestDistance = Infinity;
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h) - target);
    if (distance < bestDistance) [best, bestDistance] = [ratio, distance];
  }
  return best;
}

interface ImageAdapter {
  body(request: ImageRequest): Record<string, unknown>;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const IMAGE_ADAPTERS: { family: RegExp; adapter: ImageAdapter }[] = [
  {
    family: /(^|\.)stability\.stable-image-(core|ultra)/,
    adapter: { body: (r) => ({ prompt: r.prompt, mode: 'text-to-image', aspect_ratio: aspectRatioFor(r.width, r.height), output_format: 'png' }) },
  },
  {
    family: /(^|\.)stability\.sd3-5-large/,
    adapter: {
      body: (r) =>
        r.referenceImage
          ? { prompt: r.prompt, mode: 'image-to-image', image: base64(r.referenceImage.bytes), strength: 0.7, output_format: 'png' }
          : { prompt: r.prompt, mode: 'text-to-image', aspect_ratio: aspectRatioFor(r.width, r.height), output_format: 'png' },
    },
  },
];

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface BedrockProviderOptions {
  client?: BedrockRuntimeClient;
  models?: Partial<BedrockModels>;
}

/** A Bedrock provider; without options it uses the module client and the environment's models. */
export function createBedrockProvider(options: BedrockProviderOptions = {}): AiProvider {
  const models: BedrockModels = { ...bedrockModelsFromEnv(), ...options.models };

  async function send<T>(command: (sdk: typeof BedrockSdk) => BedrockSdk.ConverseCommand | BedrockSdk.InvokeModelCommand): Promise<T> {
    try {
      const [sdk, client] = await Promise.all([sdkLoading, options.client ?? moduleClient]);
      return (await client.send(command(sdk) as never)) as T;
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

  async function converse(request: TextRequest): Promise<TextResult> {
    if (request.messages.length === 0) throw new AiProviderError('bedrock', AI_MSG.emptyConversation);
    const input: ConverseCommandInput = {
      modelId: models.text,
      system: [{ text: systemWithPassages(request.system, request.passages) }],
      messages: request.messages.map((m) => ({ role: m.role, content: [{ text: m.content }] })),
      inferenceConfig: { maxTokens: request.maxTokens ?? 2048, ...(request.temperature === undefined ? {} : { temperature: request.temperature }) },
    };
    if (request.tools?.length) {
      input.toolConfig = {
        tools: request.tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema as never } } })),
      };
    }
    const response = await send<ConverseCommandOutput>((sdk) => new sdk.ConverseCommand(input));
    if (response.stopReason === 'guardrail_intervened' || response.stopReason === 'content_filtered') {
      throw new AiContentFilteredError('bedrock', `stopReason ${response.stopReason}`);
    }
    const blocks = response.output?.message?.content ?? [];
    const text = blocks
      .map((b) => b.text ?? '')
      .join('')
      .trim();
    const toolCalls = blocks.flatMap((b) => (b.toolUse?.name ? [{ name: b.toolUse.name, input: b.toolUse.input ?? {} }] : []));
    return { text, toolCalls, offline: false, model: models.text };
  }

  return {
    id: 'bedrock',
    offline: false,

    generateText: converse,

    generateJson<S extends $ZodType>(request: TextRequest, schema: S): Promise<{ value: output<S>; offline: boolean; model: string }> {
      return generateJsonWithRepair('bedrock', request, schema, (r) => converse(r));
    },

    async embed(texts: string[], purpose: 'document' | 'query'): Promise<EmbeddingResult> {
      const modelId = models.embedding;
      const adapter = EMBEDDING_ADAPTERS.find((a) => isFamily(modelId, a.family))?.adapter;
      if (!adapter) throw new AiUnsupportedModelError('bedrock', modelId, 'la generación de embeddings');
      const batches: string[][] = [];
      for (let i = 0; i < texts.length; i += adapter.batchSize) batches.push(texts.slice(i, i + adapter.batchSize));
      const results = await mapLimit(batches, 4, async (batch) => {
        const vectors = adapter.parse(await invokeJson(modelId, adapter.body(batch, purpose, models.embeddingDimensions)));
        if (vectors.length !== batch.length) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: `expected ${batch.length} embeddings, got ${vectors.length}` });
        return vectors;
      });
      const vectors = results.flat();
      const dimensions = vectors[0]?.length ?? models.embeddingDimensions;
      return { vectors, model: `bedrock/${modelId}/${dimensions}`, dimensions };
    },

    async generateImage(request: ImageRequest): Promise<ImageResult> {
      const modelId = models.image;
      const adapter = IMAGE_ADAPTERS.find((a) => isFamily(modelId, a.family))?.adapter;
      if (!adapter) throw new AiUnsupportedModelError('bedrock', modelId, 'la generación de imágenes');
      const json = (await invokeJson(modelId, adapter.body(request))) as { images?: unknown; finish_reasons?: unknown };
      const reason = Array.isArray(json.finish_reasons) ? json.finish_reasons[0] : null;
      if (typeof reason === 'string' && reason.startsWith('Filter reason')) throw new AiContentFilteredError('bedrock', reason);
      if (typeof reason === 'string') throw new AiProviderError('bedrock', AI_MSG.provider, { detail: reason });
      const image = Array.isArray(json.images) ? json.images[0] : undefined;
      if (typeof image !== 'string' || image.length === 0) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'no image in response' });
      const bytes = new Uint8Array(Buffer.from(image, 'base64'));
      return { bytes, mediaType: sniffImageType(bytes), offline: false, model: modelId };
    },
  };
}
