/**
 * KnowledgeDocument entity (spec section 3 "Knowledge document" + processing state): one item per
 * uploaded document under the tenant partition `user#<sub>`, sort key `knowledge#doc#<id>`. Ids
 * are time ordered, so a descending query lists the newest first.
 */
import { Entity, type EntityItem } from '../electrodb';
import { KNOWLEDGE_STATUSES, TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createKnowledgeDocumentEntity() {
  return new Entity(
    {
      model: { entity: 'knowledgeDocument', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        /** Object key in the uploads bucket. */
        key: { type: 'string', required: true },
        /** Set for versioned buckets: the version deleted with the document. */
        versionId: { type: 'string' },
        size: { type: 'number', required: true },
        type: { type: 'string', required: true },
        status: { type: KNOWLEDGE_STATUSES, required: true },
        errorReason: { type: 'string' },
        uploadedAt: { type: 'string', required: true },
        chunkCount: { type: 'number', required: true, default: 0 },
        /** The embedding model of its chunks (chunks are stored under it). */
        embeddingModel: { type: 'string' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'knowledge#doc#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type KnowledgeDocumentEntity = ReturnType<typeof createKnowledgeDocumentEntity>;

let entity: KnowledgeDocumentEntity | undefined;
/** The process-wide KnowledgeDocument entity (created on first use, once TABLE_NAME is known). */
export function knowledgeDocuments(): KnowledgeDocumentEntity {
  entity ??= createKnowledgeDocumentEntity();
  return entity;
}
export type KnowledgeDocumentItem = EntityItem<KnowledgeDocumentEntity>;
