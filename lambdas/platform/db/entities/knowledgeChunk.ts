/**
 * KnowledgeChunk entity: one passage of a knowledge document with its embedding, under the
 * tenant partition, sort key `knowledge#chunk#<model>#<docId>#<index>`. The model comes first so
 * retrieval reads only the vectors of the model it embeds the query with (one Query on the
 * tenant's partition, never a Scan), and a document's chunks share a prefix for deletion.
 * The embedding is stored as little-endian float32 bytes (4 bytes per dimension).
 */
import { defineEntity, fixed, type ItemOf, model, required, TENANT, tenantIndex } from '../schema';

/** The process-wide KnowledgeChunk entity (created on first use). */
export const knowledgeChunks = defineEntity({
  model: model('knowledgeChunk'),
  attributes: {
    ...TENANT,
    model: fixed('string'),
    docId: fixed('string'),
    /** Zero-padded position in the document, so chunks sort in reading order. */
    index: fixed('string'),
    docName: required('string'),
    text: required('string'),
    embedding: required('any'),
    dimensions: required('number'),
  },
  indexes: { byUser: tenantIndex('knowledge#chunk#${model}#${docId}#${index}', 'model', 'docId', 'index') },
});

export type KnowledgeChunkItem = ItemOf<typeof knowledgeChunks>;

/** Float vector → little-endian float32 bytes. */
export function encodeEmbedding(vector: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((value, i) => view.setFloat32(i * 4, value, true));
  return bytes;
}

/** Little-endian float32 bytes → Float32Array. */
export function decodeEmbedding(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}
