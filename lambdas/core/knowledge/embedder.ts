/**
 * The embedding side of the AI provider as the knowledge base uses it. Processing and retrieval
 * take an `Embedder` (tests pass their own); by default it is the deployment's provider
 * (`defaultAiProvider()`: offline in the twin, Bedrock in AWS). The deployment's provider rather
 * than the brand's: stored vectors stay comparable when the owner switches the text provider in
 * Integraciones, and processing needs no access to the brand's sealed keys.
 */
import { defaultAiProvider } from '../../platform/ai';
import type { AiProvider } from '../../platform/ai/types';

export type Embedder = Pick<AiProvider, 'embed'>;

export async function defaultEmbedder(): Promise<Embedder> {
  return defaultAiProvider();
}
