/**
 * The brand's AI provider configuration with its secrets opened, for the AI layer
 * (`resolveAiProvider`) on the server only. Never return this to a browser or log it. Opening a
 * sealed value calls KMS in AWS (kms:Decrypt), so only functions that generate with the brand's
 * own provider should import this module.
 */
import type { AiProviderChoice, SecretField } from '@director-ia/shared';
import { openSecret } from '../../platform/secrets/lazy';
import { hasSecret, readIntegrationsItem } from './integrations';

export interface BrandAiProviderConfig {
  /** 'default' = the deployment's provider. */
  provider: AiProviderChoice;
  openaiCompatible?: { baseUrl: string; model: string; apiKey?: string };
  gemini?: { apiKey: string; imagenApiKey?: string };
}

/** Opens only what the chosen provider needs. */
export async function readBrandAiProviderConfig(sub: string): Promise<BrandAiProviderConfig> {
  const item = await readIntegrationsItem(sub);
  const provider = item?.aiProvider ?? 'default';
  const open = async (field: SecretField) =>
    item && hasSecret(item, field) ? openSecret(item[`${field}Sealed`] ?? '', { tenant: sub, field }) : undefined;
  if (provider === 'openai-compatible' && item) {
    const apiKey = await open('openaiApiKey');
    return { provider, openaiCompatible: { baseUrl: item.openaiBaseUrl ?? '', model: item.openaiModel ?? '', ...(apiKey ? { apiKey } : {}) } };
  }
  if (provider === 'gemini') {
    const [apiKey, imagenApiKey] = await Promise.all([open('geminiApiKey'), open('imagenApiKey')]);
    if (!apiKey) return { provider: 'default' };
    return { provider, gemini: { apiKey, ...(imagenApiKey ? { imagenApiKey } : {}) } };
  }
  return { provider };
}
