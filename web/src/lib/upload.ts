/**
 * Browser uploads to the files bucket (architecture "Files"): the shared upload rules first (a
 * wrong type or size never asks for a URL), then `solicitarSubida` for a presigned POST, then the
 * file straight to S3 with XMLHttpRequest so progress can be shown. Resolves with the object key.
 */
import { checkUpload, declaredContentType, MSG, type CallableInput, type CallableOutput } from '@director-ia/shared';
import { callFunction, CallableClientError } from './api';

type UploadKind = CallableInput<'solicitarSubida'>['kind'];
type Grant = CallableOutput<'solicitarSubida'>;

/** Thrown before anything is sent: the file breaks the upload rules (message in Spanish). */
export class UploadRejected extends CallableClientError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
    this.name = 'UploadRejected';
  }
}

/** The Spanish reason `file` may not be uploaded as `kind`, or null. */
export function uploadProblem(kind: UploadKind, file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  return checkUpload(kind, { fileName: file.name, contentType: declaredContentType(kind, file.name, file.type), size: file.size });
}

/** POSTs `file` with the presigned fields; `onProgress` gets 0..1 while the body is sent. */
export function postWithProgress(grant: Grant, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', grant.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new CallableClientError('INTERNAL', MSG.uploadFailed, xhr.status));
    };
    xhr.onerror = () => reject(new CallableClientError('UNAVAILABLE', MSG.uploadFailed));
    xhr.onabort = () => reject(new CallableClientError('CANCELLED', MSG.uploadFailed));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Checks, signs and uploads `file` as `kind`; resolves with its object key. */
export async function uploadFile(kind: UploadKind, file: File, onProgress: (fraction: number) => void = () => undefined, signal?: AbortSignal): Promise<string> {
  const problem = uploadProblem(kind, file);
  if (problem) throw new UploadRejected(problem);
  const contentType = declaredContentType(kind, file.name, file.type);
  const grant = await callFunction('solicitarSubida', { kind, fileName: file.name, contentType, size: file.size }, { signal });
  // S3 takes the object's type from the signed Content-Type field, not from the file part.
  await postWithProgress(grant, file, onProgress, signal);
  return grant.key;
}
