/**
 * Uploads a knowledge document (spec 2 'aprendizaje', issue 3 item 4): the shared upload check
 * first (wrong type or too large never asks for a URL), then `solicitarSubida` (kind 'knowledge')
 * for a presigned POST, then the file straight to S3 with XMLHttpRequest so upload progress can
 * be shown. Resolves with the new document's id (processing happens server side afterwards).
 */
import { checkUpload, declaredContentType, MSG, type CallableOutput } from '../../../../shared';
import { callFunction, CallableClientError } from '../../lib/api';

/** Thrown before anything is sent: the file breaks the upload rules (message in Spanish). */
export class UploadRejected extends Error {
  override name = 'UploadRejected';
}

type Grant = CallableOutput<'solicitarSubida'>;

/** The document id inside a knowledge key `users/<sub>/knowledge/<id>-<name>`. */
export function documentIdOfKey(key: string): string {
  return key.split('/')[3]?.slice(0, 20) ?? '';
}

/** The Spanish reason `file` may not be uploaded as a knowledge document, or null. */
export function knowledgeFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const contentType = declaredContentType('knowledge', file.name, file.type);
  return checkUpload('knowledge', { fileName: file.name, contentType, size: file.size });
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

export async function uploadDocument(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const problem = knowledgeFileProblem(file);
  if (problem) throw new UploadRejected(problem);
  const contentType = declaredContentType('knowledge', file.name, file.type);
  const grant = await callFunction('solicitarSubida', { kind: 'knowledge', fileName: file.name, contentType, size: file.size }, { signal });
  // S3 takes the object's type from the signed Content-Type field, not from the file part.
  await postWithProgress(grant, file, onProgress, signal);
  return documentIdOfKey(grant.key);
}
