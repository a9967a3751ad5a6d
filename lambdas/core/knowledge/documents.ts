/**
 * The caller's knowledge documents (spec section 2 'aprendizaje'): the list with processing
 * state, newest first, and deletion of a document with its file and chunks. The tenant is always
 * the verified caller; another tenant's id is simply not found.
 */
import { UPLOAD_MSG, type KnowledgeDocument } from '@director-ia/shared';
import { knowledgeDocuments, type KnowledgeDocumentItem } from '../../platform/db/entities/knowledgeDocument';
import { NotFoundError } from '../../platform/errors';
import { deleteObject } from '../../platform/storage/objects';
import { deleteChunks } from './chunks';

function toView(item: KnowledgeDocumentItem): KnowledgeDocument {
  return {
    id: item.id,
    name: item.name,
    size: item.size,
    type: item.type,
    status: item.status,
    ...(item.status === 'error' && item.errorReason ? { errorReason: item.errorReason } : {}),
    uploadedAt: item.uploadedAt,
    chunkCount: item.chunkCount,
  };
}

/** Every document of the tenant, newest first (ids are time ordered; one Query). */
export async function listDocuments(uid: string): Promise<KnowledgeDocument[]> {
  const { data } = await knowledgeDocuments().query.byUser({ uid }).go({ pages: 'all', order: 'desc' });
  return data.map(toView);
}

/**
 * Deletes the document `id` of tenant `uid`: its file (the exact version when the bucket is
 * versioned), its chunks, then its record. NOT_FOUND when the tenant has no such document.
 */
export async function deleteDocument(uid: string, id: string): Promise<{ id: string }> {
  const { data } = await knowledgeDocuments().get({ uid, id }).go();
  if (!data) throw new NotFoundError(UPLOAD_MSG.documentNotFound);
  await deleteObject(data.key, data.versionId);
  if (data.embeddingModel) await deleteChunks(uid, data.embeddingModel, id);
  await knowledgeDocuments().delete({ uid, id }).go();
  return { id };
}
