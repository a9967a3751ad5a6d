/**
 * `solicitarSubida`'s domain: checks the file the browser describes against the kind's rules
 * (shared with the web) and signs a presigned POST for one new key under the caller's prefix.
 * The declared size is counted against the caller's daily `uploadBytes` quota before signing
 * (core/quotas/daily.ts; issue 16 finding 2; over it, 429) and is the largest size the POST
 * accepts, so the declaration binds. A grant that is never used still counts: signing is the
 * last moment the server sees the upload.
 */
import { checkUpload, UPLOAD_RULES, UPLOAD_URL_EXPIRES_SECONDS, type CallableInput } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { giveBackDailyQuota, takeDailyQuota } from '../quotas/daily';
import { presignPost } from '../../platform/storage/presign';
import { newObjectId, ORIGINAL_NAME_METADATA, uploadKey } from './keys';

const MAX_METADATA_CHARS = 1024;

export type UploadRequest = CallableInput<'solicitarSubida'>;

export interface UploadGrant {
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
  expiresInSeconds: number;
}

/** Throws InvalidInputError with the Spanish reason when the file may not be uploaded. */
export async function requestUpload(sub: string, request: UploadRequest, now = Date.now()): Promise<UploadGrant> {
  const problem = checkUpload(request.kind, request);
  if (problem) throw new InvalidInputError(problem);
  const take = await takeDailyQuota(sub, 'uploadBytes', request.size, new Date(now));
  // checkUpload bounds the declared size by the kind's maximum; the POST accepts no more than it.
  const maxBytes = Math.min(request.size, UPLOAD_RULES[request.kind].maxBytes);
  const key = uploadKey(sub, request.kind, newObjectId(now), request.fileName);
  const encodedName = encodeURIComponent(request.fileName.normalize('NFC'));
  const signed = await presignPost({
    key,
    contentType: request.contentType.trim().toLowerCase(),
    maxBytes,
    expiresInSeconds: UPLOAD_URL_EXPIRES_SECONDS,
    ...(encodedName.length <= MAX_METADATA_CHARS ? { metadata: { [ORIGINAL_NAME_METADATA]: encodedName } } : {}),
  }).catch(async (error: unknown) => {
    await giveBackDailyQuota(take);
    throw error;
  });
  const { url, fields } = signed;
  return { url, fields, key, maxBytes, expiresInSeconds: UPLOAD_URL_EXPIRES_SECONDS };
}
