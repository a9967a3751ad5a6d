/**
 * `solicitarSubida`'s domain: checks the file the browser describes against the kind's rules
 * (shared with the web) and signs a presigned POST for one new key under the caller's prefix.
 */
import { checkUpload, UPLOAD_RULES, UPLOAD_URL_EXPIRES_SECONDS, type CallableInput } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
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
  const { maxBytes } = UPLOAD_RULES[request.kind];
  const key = uploadKey(sub, request.kind, newObjectId(now), request.fileName);
  const encodedName = encodeURIComponent(request.fileName.normalize('NFC'));
  const { url, fields } = await presignPost({
    key,
    contentType: request.contentType.trim().toLowerCase(),
    maxBytes,
    expiresInSeconds: UPLOAD_URL_EXPIRES_SECONDS,
    ...(encodedName.length <= MAX_METADATA_CHARS ? { metadata: { [ORIGINAL_NAME_METADATA]: encodedName } } : {}),
  });
  return { url, fields, key, maxBytes, expiresInSeconds: UPLOAD_URL_EXPIRES_SECONDS };
}
