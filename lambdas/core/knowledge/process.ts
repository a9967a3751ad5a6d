/**
 * Processing of an uploaded knowledge document (S3 ObjectCreated → here): record it as
 * 'procesando', read the object, check its real format, extract the text, split it into
 * passages, embed them and store one chunk per passage, then mark it 'listo'. Content the user
 * must fix (empty, corrupt, unsupported, not what it claims) ends as 'error' with a Spanish
 * reason, and the file and any chunks are removed: nothing is left behind but the record that
 * says why. Deliveries are idempotent: a finished document is not processed again.
 * Before embedding, the passages are counted against the owner's daily `embeddedPassages` quota
 * (core/quotas/daily.ts; issue 16 finding 2): a document that does not fit ends as 'error' with
 * QUOTA_MSG.documentOverQuota. The day and units counted are kept on the record (`quotaDay`), so a
 * redelivery of a document still 'procesando' does not count them again; a processing failure
 * gives them back.
 */
import { QUOTA_MSG, UPLOAD_RULES } from '@director-ia/shared';
import { knowledgeDocuments } from '../../platform/db/entities/knowledgeDocument';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { QuotaExceededError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { deleteObject, getObject } from '../../platform/storage/objects';
import { dailyQuotaLimit, giveBackDailyQuota, takeDailyQuota, type QuotaTake } from '../quotas/daily';
import { originalName, parseUploadKey } from '../uploads/keys';
import { chunkText } from './chunk';
import { deleteChunks, writeChunks } from './chunks';
import { defaultEmbedder, type Embedder } from './embedder';
import { DocumentRejected, extractText, formatForContentType, REJECTION } from './extract';

/** Longest text processed (about a thousand passages). */
export const MAX_TEXT_CHARS = 1_000_000;
/** Passages embedded per provider call. */
export const EMBED_BATCH = 16;
/** The reason shown when processing failed for a reason the user cannot fix. */
export const GENERIC_FAILURE = 'No se pudo procesar el documento. Elimínalo y vuelve a subirlo.';

export interface UploadedObject {
  key: string;
  /** When the object was created (the event's time), ISO 8601. */
  eventTime?: string;
}

export type ProcessOutcome = 'ignored' | 'missing' | 'duplicate' | 'listo' | 'error' | 'deleted';

export interface ProcessOptions {
  embedder?: Embedder;
  now?: () => Date;
}

/** Processes one created object; objects that are not knowledge documents are ignored. */
export async function processUploadedObject({ key, eventTime }: UploadedObject, options: ProcessOptions = {}): Promise<ProcessOutcome> {
  const parsed = parseUploadKey(key);
  if (!parsed || parsed.kind !== 'knowledge') return 'ignored';
  const now = options.now ?? (() => new Date());
  const { sub: uid, id } = parsed;
  const docs = knowledgeDocuments();

  const { data: existing } = await docs.get({ uid, id }).go();
  if (existing && existing.status !== 'procesando') return 'duplicate';

  const { maxBytes } = UPLOAD_RULES.knowledge;
  const object = await getObject(key, maxBytes);
  if (!object) return 'missing';

  const uploadedAt = validIso(eventTime) ?? now().toISOString();
  const base = {
    uid,
    id,
    key,
    uploadedAt,
    status: 'procesando' as const,
    chunkCount: 0,
    updatedAt: now().toISOString(),
    // A redelivery keeps what the first delivery counted (see the module header).
    ...(existing?.quotaDay !== undefined ? { quotaDay: existing.quotaDay, quotaUnits: existing.quotaUnits } : {}),
  };
  if ('tooLarge' in object) {
    await docs.put({ ...base, name: parsed.safeName, size: object.size, type: 'application/octet-stream' }).go();
    await reject(uid, id, key, object.versionId, REJECTION.tooLarge(maxBytes / (1024 * 1024)), now);
    return 'error';
  }

  const name = originalName(object.metadata) ?? parsed.safeName;
  await docs
    .put({ ...base, name, size: object.size, type: object.contentType || 'application/octet-stream', ...(object.versionId ? { versionId: object.versionId } : {}) })
    .go();

  let model: string | undefined;
  let take: QuotaTake | null = null;
  try {
    const format = formatForContentType(object.contentType);
    if (!format) throw new DocumentRejected(REJECTION.unsupported);
    const text = await extractText(object.bytes, format);
    if (text.length > MAX_TEXT_CHARS) throw new DocumentRejected(REJECTION.tooLong(MAX_TEXT_CHARS));
    const passages = chunkText(text);
    if (passages.length === 0) throw new DocumentRejected(REJECTION.noText);
    if (existing?.quotaDay === undefined) {
      take = await takePassages(uid, passages.length, now());
      if (!(await patchIfExists(uid, id, { quotaDay: take.counter.window.id, quotaUnits: take.amount, updatedAt: now().toISOString() }))) {
        await giveBackDailyQuota(take);
        return 'deleted';
      }
    }

    const embedder = options.embedder ?? (await defaultEmbedder());
    const vectors: number[][] = [];
    for (let start = 0; start < passages.length; start += EMBED_BATCH) {
      const batch = passages.slice(start, start + EMBED_BATCH);
      const result = await embedder.embed(batch, 'document');
      if (result.vectors.length !== batch.length) throw new Error(`embed returned ${result.vectors.length} vectors for ${batch.length} texts`);
      if (model && result.model !== model) throw new Error('embedding model changed while processing');
      model = result.model;
      vectors.push(...result.vectors);
    }
    if (!model) throw new Error('no embedding model');

    // Record the model first: a concurrent deletion then knows where the chunks live.
    if (!(await patchIfExists(uid, id, { embeddingModel: model, updatedAt: now().toISOString() }))) return 'deleted';
    await writeChunks(uid, model, id, name, passages, vectors);
    const finished = await patchIfExists(uid, id, { status: 'listo', chunkCount: passages.length, updatedAt: now().toISOString() });
    if (!finished) {
      // Deleted while its chunks were being written: remove what this run added.
      await deleteChunks(uid, model, id);
      return 'deleted';
    }
    return 'listo';
  } catch (error) {
    if (take) await giveBackDailyQuota(take);
    if (error instanceof DocumentRejected) {
      await reject(uid, id, key, object.versionId, error.reason, now, model);
    } else {
      logger.error('Knowledge document processing failed', { key, error: error as Error });
      await reject(uid, id, key, object.versionId, GENERIC_FAILURE, now, model);
    }
    return 'error';
  }
}

/** Counts `count` passages of `uid`'s daily quota; DocumentRejected with the Spanish reason when they do not fit. */
async function takePassages(uid: string, count: number, now: Date): Promise<QuotaTake> {
  const limit = dailyQuotaLimit('embeddedPassages');
  try {
    return await takeDailyQuota(uid, 'embeddedPassages', count, now, limit);
  } catch (error) {
    if (error instanceof QuotaExceededError) throw new DocumentRejected(QUOTA_MSG.documentOverQuota(limit));
    throw error;
  }
}

/** Marks the document as failed with `reason`, removing its file and any chunks. */
async function reject(uid: string, id: string, key: string, versionId: string | undefined, reason: string, now: () => Date, model?: string): Promise<void> {
  if (model) await deleteChunks(uid, model, id);
  await deleteObject(key, versionId);
  await patchIfExists(uid, id, { status: 'error', errorReason: reason, chunkCount: 0, updatedAt: now().toISOString() });
}

type DocumentPatch = Partial<{ status: 'procesando' | 'listo' | 'error'; errorReason: string; chunkCount: number; embeddingModel: string; updatedAt: string; quotaDay: string; quotaUnits: number }>;

/** Patches the record if it still exists; false when it was deleted meanwhile. */
async function patchIfExists(uid: string, id: string, patch: DocumentPatch): Promise<boolean> {
  try {
    await knowledgeDocuments().patch({ uid, id }).set(patch).go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

function validIso(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

