/**
 * The AI provider a brand generates with: its choice in Integraciones (`readBrandAiProviderConfig`,
 * secrets opened server-side only) turned into the AI layer's configuration and resolved; 'default'
 * is the deployment's provider (env AI_PROVIDER). Missing credentials surface as the AI layer's
 * AiConfigError (Spanish message), which generators let propagate to the callable edge.
 */
import { resolveAiProvider, type AiProvider, type AiProviderConfig } from '../../platform/ai';
import { readBrandAiProviderConfig, type BrandAiProviderConfig } from '../settings/aiProviderConfig';

/** The AI layer's configuration for a brand's stored choice. */
export function toAiProviderConfig(brand: BrandAiProviderConfig): AiProviderConfig {
  return {
    provider: brand.provider,
    ...(brand.openaiCompatible ? { openai: { ...brand.openaiCompatible } } : {}),
    ...(brand.gemini ? { gemini: { ...brand.gemini } } : {}),
  };
}

/** The provider `sub`'s brand generates with. */
export async function brandAiProvider(sub: string): Promise<AiProvider> {
  return resolveAiProvider(toAiProviderConfig(await readBrandAiProviderConfig(sub)));
}
