/**
 * Uploads the blog's header image (spec 3 "Blog settings" headerImage, kept as a file in the
 * uploads bucket, not inline): the shared check, `solicitarSubida` (kind 'blogHeader') for a
 * presigned POST, then the file straight to S3. Resolves with the object key to save in the
 * blog settings.
 */
import { checkUpload, declaredContentType, MSG } from '../../../../shared';
import { callFunction, CallableClientError } from '../../lib/api';

export async function uploadBlogHeader(file: File): Promise<string> {
  const contentType = declaredContentType('blogHeader', file.name, file.type);
  const problem = checkUpload('blogHeader', { fileName: file.name, contentType, size: file.size });
  if (problem) throw new CallableClientError('INVALID_ARGUMENT', problem);
  const signed = await callFunction('solicitarSubida', { kind: 'blogHeader', fileName: file.name, contentType, size: file.size });
  const form = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(signed.url, { method: 'POST', body: form });
  } catch {
    throw new CallableClientError('UNAVAILABLE', MSG.uploadFailed);
  }
  if (!response.ok) throw new CallableClientError('INTERNAL', MSG.uploadFailed, response.status);
  return signed.key;
}
