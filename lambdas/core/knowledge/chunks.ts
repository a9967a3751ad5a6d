/**
 * Storing and removing a document's chunks: batch writes of 25 (DynamoDB's limit), retrying the
 * items DynamoDB leaves unprocessed under load with a short backoff.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeEmbedding, knowledgeChunks } from '../../platform/db/entities/knowledgeChunk';

const MAX_ATTEMPTS = 6;
const INDEX_DIGITS = 5;

/** The sort-key form of a passage's position (zero padded: keys sort in reading order). */
export const chunkIndex = (index: number): string => String(index).padStart(INDEX_DIGITS, '0');

async function withRetries<T>(items: T[], run: (batch: T[]) => Promise<{ unprocessed: unknown[] }>): Promise<void> {
  let pending = items;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { unprocessed } = await run(pending);
    if (unprocessed.length === 0) return;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${unprocessed.length} chunk writes left unprocessed`);
    pending = unprocessed as T[];
    await sleep(50 * 2 ** attempt);
  }
}

/** Stores one chunk per passage with its embedding. */
export async function writeChunks(uid: string, model: string, docId: string, docName: string, passages: string[], vectors: number[][]): Promise<void> {
  const items = passages.map((text, i) => {
    const vector = vectors[i] ?? [];
    return { uid, model, docId, index: chunkIndex(i), docName, text, embedding: encodeEmbedding(vector), dimensions: vector.length };
  });
  await withRetries(items, (batch) => knowledgeChunks().put(batch).go({ concurrency: 2 }));
}

/** Removes every chunk of a document stored under `model`. */
export async function deleteChunks(uid: string, model: string, docId: string): Promise<number> {
  const { data } = await knowledgeChunks()
    .query.byUser({ uid, model, docId })
    .go({ pages: 'all', attributes: ['uid', 'model', 'docId', 'index'] });
  // Guard against a prefix match on another id (ids have a fixed length, so none should exist).
  const keys = data.filter((chunk) => chunk.docId === docId).map(({ uid: u, model: m, docId: d, index }) => ({ uid: u, model: m, docId: d, index }));
  if (keys.length > 0) await withRetries(keys, (batch) => knowledgeChunks().delete(batch).go({ concurrency: 2 }));
  return keys.length;
}
