/**
 * KnowledgeDocument entity (spec section 3 "Knowledge document" + processing state): one item per
 * uploaded document under the tenant partition `user#<sub>`, sort key `knowledge#doc#<id>`. Ids
 * are time ordered, so a descending query lists the newest first.
 */
import { KNOWLEDGE_STATUSES } from '@director-ia/shared';
import { defineEntity, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex } from '../schema';

/** The process-wide KnowledgeDocument entity (created on first use). */
export const knowledgeDocuments = defineEntity({
  model: model('knowledgeDocument'),
  attributes: {
    ...TENANT_ITEM,
    name: required('string'),
    /** Object key in the uploads bucket. */
    key: required('string'),
    /** Set for versioned buckets: the version deleted with the document. */
    versionId: optional('string'),
    size: required('number'),
    type: required('string'),
    status: required(KNOWLEDGE_STATUSES),
    errorReason: optional('string'),
    uploadedAt: required('string'),
    chunkCount: { type: 'number', required: true, default: 0 },
    /** The embedding model of its chunks (chunks are stored under it). */
    embeddingModel: optional('string'),
    updatedAt: required('string'),
    /**
     * The UTC day (YYYY-MM-DD) whose embedded-passages quota its passages were counted in, and how
     * many (issue 16 finding 2): a redelivery of a document still 'procesando' does not count them again.
     */
    quotaDay: optional('string'),
    quotaUnits: optional('number'),
  },
  indexes: { byUser: tenantIndex('knowledge#doc#${id}', 'id') },
});

export type KnowledgeDocumentItem = ItemOf<typeof knowledgeDocuments>;
