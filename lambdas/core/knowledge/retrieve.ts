/**
 * Retrieval for prompts (issue 3 item 5): the tenant's knowledge passages most similar to a
 * query, by cosine similarity between the query's embedding and the stored chunk embeddings.
 * One Query on the tenant's partition, limited to chunks of the model that embedded the query
 * (vectors of different models are never compared); never a Scan, never another tenant.
 */
import { cosineSimilarity } from '../../platform/ai/vectors';
import { decodeEmbedding, knowledgeChunks } from '../../platform/db/entities/knowledgeChunk';
import { defaultEmbedder, type Embedder } from './embedder';

export interface Passage {
  docId: string;
  docName: string;
  /** Position of the passage in its document (0 based). */
  index: number;
  text: string;
  /** Cosine similarity with the query, in [-1, 1]. */
  score: number;
}

/** The `k` passages of tenant `sub` most similar to `query`, best first (fewer if it has fewer). */
export async function retrievePassages(sub: string, query: string, k = 4, embedder?: Embedder): Promise<Passage[]> {
  if (!query.trim() || k <= 0) return [];
  const provider = embedder ?? (await defaultEmbedder());
  const { vectors, model } = await provider.embed([query], 'query');
  const queryVector = vectors[0];
  if (!queryVector) return [];
  const { data } = await knowledgeChunks()
    .query.byUser({ uid: sub, model })
    .go({ pages: 'all', attributes: ['docId', 'docName', 'index', 'text', 'embedding', 'model'] });
  const scored: Passage[] = [];
  for (const chunk of data) {
    if (chunk.model !== model) continue;
    const score = cosineSimilarity(queryVector, decodeEmbedding(chunk.embedding as Uint8Array));
    scored.push({ docId: chunk.docId, docName: chunk.docName, index: Number(chunk.index), text: chunk.text, score });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, k);
}
