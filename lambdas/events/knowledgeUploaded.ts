/**
 * S3 ObjectCreated handler of the uploads bucket (architecture "Files"): every created object
 * under `users/<sub>/knowledge/` is processed into passages for the knowledge base; other keys
 * (e.g. blog header images) are ignored. Keys arrive URL-encoded as in every S3 event. The twin
 * calls this same module with the same event shape when s3rver stores an object.
 */
import type { Context, S3Event } from 'aws-lambda';
import { processUploadedObject } from '../core/knowledge/process';
import { logger } from '../platform/logger';
import { uploadsBucket } from '../platform/storage/objects';

/** An S3 event key back to the object key ('+' is a space, the rest percent-encoded). */
export function decodeS3Key(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}

export async function handler(event: S3Event, context?: Context): Promise<void> {
  if (context) logger.addContext(context);
  const bucket = uploadsBucket();
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated:') || record.s3?.bucket?.name !== bucket) continue;
    const key = decodeS3Key(record.s3.object.key);
    const outcome = await processUploadedObject({ key, eventTime: record.eventTime });
    if (outcome !== 'ignored') logger.info('Knowledge upload processed', { key, outcome });
  }
}
