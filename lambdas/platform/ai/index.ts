/**
 * Entry point of the AI provider layer: `resolveAiProvider(config)` picks a brand's provider
 * (from its Integraciones settings), `defaultAiProvider()` the deployment's (env `AI_PROVIDER`:
 * `offline` when unset — the twin — and `bedrock` in AWS, set by the CDK stack).
 * Remote providers are loaded lazily (dynamic import on first use), so a function that only
 * embeds offline never loads the Bedrock SDK or the REST clients. Missing credentials fail at
 * resolution with an AiConfigError carrying a Spanish message. A remote provider's failures are
 * counted (AiProviderErrors, counted.ts; issue 16 observability).
 *
 * Env for the default provider: see config.ts (shared with embeddings.ts, the embeddings-only
 * entry for functions that only embed); Bedrock: see providers/bedrock/client.ts.
 */
import type { $ZodType, output } from 'zod/v4/core';
import { AI_MSG, AiConfigError } from './errors';
import { checkedGeminiSettings, checkedOpenAiSettings, deploymentAiConfig, type AiProviderConfig, type GeminiSettings, type OpenAiSettings } from './config';
import { counted } from './counted';
import { loadOnce } from './lazy';
import { offlineProvider } from './providers/offline/text';
import type { AiProvider, AiProviderId } from './types';

export * from './types';
export * from './errors';
export { AI_PROVIDER_IDS, type AiProviderConfig, type GeminiSettings, type OpenAiSettings } from './config';
export { knowledgeBlock } from './prompt-text';
export { OFFLINE_EMBEDDING_DIMENSIONS, OFFLINE_EMBEDDING_MODEL } from './providers/offline/embed';
export { cosineSimilarity } from './vectors';
export { offlineProvider, OFFLINE_PREFIX } from './providers/offline/text';

/** A provider whose implementation module is imported on first use. */
function lazyProvider(id: AiProviderId, load: () => Promise<AiProvider>): AiProvider {
  const get = loadOnce(load);
  return {
    id,
    offline: false,
    generateText: async (request) => counted(id, async () => (await get()).generateText(request)),
    generateJson: async <S extends $ZodType>(request: Parameters<AiProvider['generateJson']>[0], schema: S): Promise<{ value: output<S>; offline: boolean; model: string }> =>
      counted(id, async () => (await get()).generateJson(request, schema)),
    generateImage: async (request) => counted(id, async () => (await get()).generateImage(request)),
    embed: async (texts, purpose) => counted(id, async () => (await get()).embed(texts, purpose)),
  };
}

function openAiProvider(settings: OpenAiSettings | undefined): AiProvider {
  const checked = checkedOpenAiSettings(settings);
  return lazyProvider('openai-compatible', async () => (await import('./providers/openai-compatible/text')).createOpenAiCompatibleProvider(checked));
}

function geminiProvider(settings: GeminiSettings | undefined): AiProvider {
  const checked = checkedGeminiSettings(settings);
  return lazyProvider('gemini', async () => (await import('./providers/gemini/text')).createGeminiProvider(checked));
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
      bedrock ??= lazyProvider('bedrock', async () => (await import('./providers/bedrock/text')).createBedrockProvider());
      return bedrock;
    case 'openai-compatible':
      return openAiProvider(config.openai);
    case 'gemini':
      return geminiProvider(config.gemini);
    default:
      throw new AiConfigError(AI_MSG.unknownProvider(String((config as { provider: unknown }).provider)));
  }
}

/** The deployment's provider from `env` (see the module header; embeddings alone: embeddings.ts). */
export function defaultAiProvider(env: Record<string, string | undefined> = process.env): AiProvider {
  return resolveAiProvider(deploymentAiConfig(env));
}
