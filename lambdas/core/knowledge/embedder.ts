/**
 * The embedding side of the AI provider as the knowledge base uses it. Processing and retrieval
 * take an `Embedder` (tests pass their own); by default it is the embedding side of the
 * deployment's provider (platform/ai/embeddings.ts: offline in the twin, Bedrock in AWS, the same
 * vectors as `defaultAiProvider().embed` without bundling the provider's text and image code).
 * The deployment's provider rather than the brand's: stored vectors stay comparable when the
 * owner switches the text provider in Integraciones, and processing needs no access to the
 * brand's sealed keys.
 */
import { defaultEmbedder as deploymentEmbedder } from '../../platform/ai/embeddings';
import type { AiProvider } from '../../platform/ai/types';

export type Embedder = Pick<AiProvider, 'embed'>;

export async function defaultEmbedder(): Promise<Embedder> {
  return deploymentEmbedder();
}
