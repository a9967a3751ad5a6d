/**
 * The capabilities of a brand's AI provider in this deployment (`obtenerCapacidades`, the identity
 * lab's voice and the video job): the brand's stored provider choice (Integraciones) read WITHOUT
 * opening any secret — what a provider can do does not depend on its key, so these functions need
 * no kms:Decrypt — mirrored the way `readBrandAiProviderConfig` resolves it (Gemini without a key is
 * the deployment's provider), then `aiCapabilities`. Kept apart from the providers so the small
 * Lambdas that only need capabilities do not bundle the AI clients.
 */
import { aiCapabilities, videoCapability, type AiCapabilities, type CapabilityStatus } from '../../platform/ai/capabilities';
import type { ProviderChoice } from '../../platform/ai/speech/speech';
import { hasSecret, readIntegrationsItem } from '../settings/integrations';

/** The brand's provider choice, without secrets (see the module header). */
export async function brandProviderChoice(sub: string): Promise<ProviderChoice> {
  const item = await readIntegrationsItem(sub);
  const provider = item?.aiProvider ?? 'default';
  if (provider === 'gemini') return item && hasSecret(item, 'geminiApiKey') ? 'gemini' : 'default';
  if (provider === 'openai-compatible' && item) return { provider, openai: { baseUrl: item.openaiBaseUrl ?? '', model: item.openaiModel ?? '' } };
  return provider;
}

/** What `sub`'s brand can generate in the deployment `env`. */
export async function brandCapabilities(sub: string, env: Record<string, string | undefined> = process.env): Promise<AiCapabilities> {
  return aiCapabilities(await brandProviderChoice(sub), env);
}

/** Whether `sub`'s brand can generate video in the deployment `env` (the video job's check). */
export async function brandVideoCapability(sub: string, env: Record<string, string | undefined> = process.env): Promise<CapabilityStatus> {
  return videoCapability(await brandProviderChoice(sub), env);
}
