/**
 * KnowledgeChunk entity: one passage of a knowledge document with its embedding, under the
 * tenant partition, sort key `knowledge#chunk#<model>#<docId>#<index>`. The model comes first so
 * retrieval reads only the vectors of the model it embeds the query with (one Query on the
 * tenant's partition, never a Scan), and a document's chunks share a prefix for deletion.
 * The embedding is stored as little-endian float32 bytes (4 bytes per dimension).
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

function createKnowledgeChunkEntity() {
  return new Entity(
    {
      model: { entity: 'knowledgeChunk', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        model: { type: 'string', required: true, readOnly: true },
        docId: { type: 'string', required: true, readOnly: true },
        /** Zero-padded position in the document, so chunks sort in reading order. */
        index: { type: 'string', required: true, readOnly: true },
        docName: { type: 'string', required: true },
        text: { type: 'string', required: true },
        embedding: { type: 'any', required: true },
        dimensions: { type: 'number', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: {
            field: TABLE_SCHEMA.sortKey,
            composite: ['model', 'docId', 'index'],
            template: 'knowledge#chunk#${model}#${docId}#${index}',
            casing: 'none',
          },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type KnowledgeChunkEntity = ReturnType<typeof createKnowledgeChunkEntity>;

let entity: KnowledgeChunkEntity | undefined;
/** The process-wide KnowledgeChunk entity (created on first use, once TABLE_NAME is known). */
export function knowledgeChunks(): KnowledgeChunkEntity {
  entity ??= createKnowledgeChunkEntity();
  return entity;
}
export type KnowledgeChunkItem = EntityItem<KnowledgeChunkEntity>;

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
