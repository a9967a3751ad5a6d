/**
 * Provider configuration without any provider code, shared by index.ts (whole providers) and
 * embeddings.ts (embeddings alone) so both select the deployment's provider the same way:
 * env AI_PROVIDER (`offline` when unset or blank); openai-compatible: OPENAI_BASE_URL,
 * OPENAI_API_KEY, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL, OPENAI_IMAGE_MODEL; gemini: GEMINI_API_KEY,
 * IMAGEN_API_KEY, GEMINI_MODEL; Bedrock reads its own (providers/bedrock/client.ts). Missing credentials
 * fail with an AiConfigError carrying a Spanish message.
 */
import { AI_MSG, AiConfigError } from './errors';
import type { AiProviderId } from './types';

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

/** The deployment's provider configuration from `env` (see the module header). */
export function deploymentAiConfig(env: Record<string, string | undefined>): AiProviderConfig & { provider: AiProviderId } {
  const id = (env.AI_PROVIDER?.trim() || 'offline') as AiProviderId;
  if (!AI_PROVIDER_IDS.includes(id)) throw new AiConfigError(AI_MSG.unknownProvider(id));
  return {
    provider: id,
    openai: { baseUrl: env.OPENAI_BASE_URL ?? '', apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? '', embeddingModel: env.OPENAI_EMBEDDING_MODEL, imageModel: env.OPENAI_IMAGE_MODEL },
    gemini: { apiKey: env.GEMINI_API_KEY ?? '', imagenApiKey: env.IMAGEN_API_KEY, model: env.GEMINI_MODEL },
  };
}

/** The settings when they name a base URL and a model, else AiConfigError. */
export function checkedOpenAiSettings(settings: OpenAiSettings | undefined): OpenAiSettings {
  if (!settings?.baseUrl?.trim() || !settings.model?.trim()) throw new AiConfigError(AI_MSG.missingOpenAi, { provider: 'openai-compatible' });
  return settings;
}

/** The settings when they carry an API key, else AiConfigError. */
export function checkedGeminiSettings(settings: GeminiSettings | undefined): GeminiSettings {
  if (!settings?.apiKey?.trim()) throw new AiConfigError(AI_MSG.missingGeminiKey, { provider: 'gemini' });
  return settings;
}
