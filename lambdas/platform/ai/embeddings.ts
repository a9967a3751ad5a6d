/**
 * The deployment's embeddings alone, for functions that only embed (knowledge processing and
 * retrieval): `defaultEmbedder(env)` selects by AI_PROVIDER exactly like `defaultAiProvider`
 * (index.ts; same configuration, same AiConfigErrors) and gives the same vectors as that
 * provider's `embed`, but reaches only embedding code, so a bundle of it leaves out the text,
 * JSON (zod's JSON Schema) and image code of every provider: providers/<id>/embed.ts for each
 * id (offline, bedrock, openai-compatible, gemini). Remote modules are imported on first use, as
 * in index.ts.
 */
import { checkedGeminiSettings, checkedOpenAiSettings, deploymentAiConfig } from './config';
import { counted } from './counted';
import { loadOnce } from './lazy';
import { offlineEmbed } from './providers/offline/embed';
import type { AiEmbedder, AiProviderId } from './types';

/** Embeddings of the offline provider (`offline-hash-v1`). */
export const offlineEmbedder: AiEmbedder = {
  id: 'offline',
  embed: async (texts) => offlineEmbed(texts),
};

function lazyEmbedder(id: AiProviderId, load: () => Promise<AiEmbedder>): AiEmbedder {
  const get = loadOnce(load);
  return { id, embed: async (texts, purpose) => counted(id, async () => (await get()).embed(texts, purpose)) };
}

let bedrock: AiEmbedder | undefined;

/** The embedding side of the deployment's provider from `env` (see the module header). */
export function defaultEmbedder(env: Record<string, string | undefined> = process.env): AiEmbedder {
  const config = deploymentAiConfig(env);
  switch (config.provider) {
    case 'offline':
      return offlineEmbedder;
    case 'bedrock':
      bedrock ??= lazyEmbedder('bedrock', async () => (await import('./providers/bedrock/embed')).createBedrockEmbedder());
      return bedrock;
    case 'openai-compatible': {
      const settings = checkedOpenAiSettings(config.openai);
      return lazyEmbedder('openai-compatible', async () => (await import('./providers/openai-compatible/embed')).createOpenAiCompatibleEmbedder(settings));
    }
    case 'gemini': {
      const settings = checkedGeminiSettings(config.gemini);
      return lazyEmbedder('gemini', async () => (await import('./providers/gemini/embed')).createGeminiEmbedder(settings));
    }
  }
}
