/**
 * Knowledge document (spec section 3 "Knowledge document": name, size in bytes, type, uploadedAt),
 * plus the processing state the issue adds: procesando → listo | error (with a Spanish reason),
 * and how many passages it was split into.
 */
import * as z from 'zod/mini';

export const KNOWLEDGE_STATUSES = ['procesando', 'listo', 'error'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/** Document ids: what the server generates (time-ordered, lower-case letters and digits). */
export const KNOWLEDGE_ID_PATTERN = /^[a-z0-9]{20}$/;

export const KnowledgeDocumentSchema = z.object({
  id: z.string(),
  /** The file name as the user chose it. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** Content type, e.g. 'application/pdf'. */
  type: z.string(),
  status: z.enum(KNOWLEDGE_STATUSES),
  /** Why processing failed (Spanish), only with status 'error'. */
  errorReason: z.optional(z.string()),
  /** ISO 8601, set by the server. */
  uploadedAt: z.string(),
  chunkCount: z.number(),
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocumentSchema>;
