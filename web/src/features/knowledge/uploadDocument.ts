/**
 * Uploads a knowledge document (spec 2 'aprendizaje', issue 3 item 4) through the shared upload
 * path (rules, presigned POST, progress). Resolves with the new document's id; processing happens
 * server side afterwards.
 */
import { uploadFile, uploadProblem } from '../../lib/upload';

export { UploadRejected } from '../../lib/upload';

/** The document id inside a knowledge key `users/<sub>/knowledge/<id>-<name>`. */
export function documentIdOfKey(key: string): string {
  return key.split('/')[3]?.slice(0, 20) ?? '';
}

/** The Spanish reason `file` may not be uploaded as a knowledge document, or null. */
export function knowledgeFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  return uploadProblem('knowledge', file);
}

export async function uploadDocument(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return documentIdOfKey(await uploadFile('knowledge', file, onProgress, signal));
}
