/**
 * Entry point of the AI provider layer: `resolveAiProvider(config)` picks a brand's provider
 * (from its Integraciones settings), `defaultAiProvider()` the deployment's (env `AI_PROVIDER`:
 * `offline` when unset — the twin — and `bedrock` in AWS, set by the CDK stack).
 * Remote providers are loaded lazily (dynamic import on first use), so a function that only
 * embeds offline never loads the Bedrock SDK or the REST clients. Missing credentials fail at
 * resolution with an AiConfigError carrying a Spanish message.
 *
 * Env for the default provider: AI_PROVIDER; Bedrock: see bedrock.ts; openai-compatible:
 * OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL, OPENAI_IMAGE_MODEL;
 * gemini: GEMINI_API_KEY, IMAGEN_API_KEY, GEMINI_MODEL.
 */
import type { $ZodType, output } from 'zod/v4/core';
import { AI_MSG, AiConfigError } from './errors';
import { offlineProvider } from './offline';
import type { AiProvider, AiProviderId } from './types';

export * from './types';
export * from './errors';
export { systemPromptFor, violatesTopicsToAvoid, matchedTopicToAvoid, topicsToAvoidList, knowledgeBlock } from './prompt';
export { cosineSimilarity, OFFLINE_EMBEDDING_DIMENSIONS, OFFLINE_EMBEDDING_MODEL } from './offline-embed';
export { offlineProvider, OFFLINE_PREFIX } from './offline';

export const AI_PROVIDER_IDS: readonly AiProviderId[] = ['offline', 'bedrock', 'openai-compatible', 'gemini'];

export interface OpenAiSettings {
  baseUrl: string;
  /** Optional: local servers (Ollama, llama.cpp) usually need none. */
  apiKey?: string;
  model: string;
  embeddingModel?: string;
  imageModel?: string;
}

export interface GeminiSettings {
  apiKey: string;
  imagenApiKey?: string;
  model?: string;
  embeddingModel?: string;
  imageModel?: string;
}

export interface AiProviderConfig {
  provider: AiProviderId | 'default';
  openai?: OpenAiSettings;
  gemini?: GeminiSettings;
}

/** A provider whose implementation module is imported on first use. */
function lazyProvider(id: AiProviderId, load: () => Promise<AiProvider>): AiProvider {
  let loaded: Promise<AiProvider> | undefined;
  const get = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return {
    id,
    offline: false,
    generateText: async (request) => (await get()).generateText(request),
    generateJson: async <S extends $ZodType>(request: Parameters<AiProvider['generateJson']>[0], schema: S): Promise<{ value: output<S>; offline: boolean; model: string }> =>
      (await get()).generateJson(request, schema),
    generateImage: async (request) => (await get()).generateImage(request),
    embed: async (texts, purpose) => (await get()).embed(texts, purpose),
  };
}

function openAiProvider(settings: OpenAiSettings | undefined): AiProvider {
  if (!settings?.baseUrl?.trim() || !settings.model?.trim()) throw new AiConfigError(AI_MSG.missingOpenAi, { provider: 'openai-compatible' });
  return lazyProvider('openai-compatible', async () => (await import('./openai-compatible')).createOpenAiCompatibleProvider(settings));
}

function geminiProvider(settings: GeminiSettings | undefined): AiProvider {
  if (!settings?.apiKey?.trim()) throw new AiConfigError(AI_MSG.missingGeminiKey, { provider: 'gemini' });
  return lazyProvider('gemini', async () => (await import('./gemini')).createGeminiProvider(settings));
}

let bedrock: AiProvider | undefined;

/** The brand's provider from its settings; 'default' means the deployment's provider. */
export function resolveAiProvider(config: AiProviderConfig): AiProvider {
  switch (config.provider) {
    case 'default':
      return defaultAiProvider();
    case 'offline':
      return offlineProvider;
    case 'bedrock':
      bedrock ??= lazyProvider('bedrock', async () => (await import('./bedrock')).createBedrockProvider());
      return bedrock;
    case 'openai-compatible':
      return openAiProvider(config.openai);
    case 'gemini':
      return geminiProvider(config.gemini);
    default:
      throw new AiConfigError(AI_MSG.unknownProvider(String((config as { provider: unknown }).provider)));
  }
}

/** The deployment's provider from `env` (see the module header). */
export function defaultAiProvider(env: Record<string, string | undefined> = process.env): AiProvider {
  const id = (env.AI_PROVIDER?.trim() || 'offline') as AiProviderId;
  if (!AI_PROVIDER_IDS.includes(id)) throw new AiConfigError(AI_MSG.unknownProvider(id));
  return resolveAiProvider({
    provider: id,
    openai: { baseUrl: env.OPENAI_BASE_URL ?? '', apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? '', embeddingModel: env.OPENAI_EMBEDDING_MODEL, imageModel: env.OPENAI_IMAGE_MODEL },
    gemini: { apiKey: env.GEMINI_API_KEY ?? '', imagenApiKey: env.IMAGEN_API_KEY, model: env.GEMINI_MODEL },
  });
}
