/**
 * The files a video is made from (issue 18), up through solicitarSubida (lib/upload): an image
 * ('videoImage'), an audio for an audiogram ('videoAudio') or the owner's soundtrack ('soundtrack').
 * Checked before anything is sent: the shared upload rules (type, size: an audio over its limit
 * reads MEDIA_MSG.audioTooLarge) and, for an image, its first bytes (MEDIA_MSG.notImage), so a
 * refused file never asks for an upload URL. Resolves with the object key for crearVideo.
 */
import { uploadFile, UploadRejected } from '../../lib/upload';
import { imageBytesProblem, mediaFileProblem, type MediaUploadKind } from './rules';

/** The Spanish reason `file` may not go up as `kind` (read from its bytes for an image), or null. */
export async function checkMediaFile(kind: MediaUploadKind, file: File): Promise<string | null> {
  const problem = mediaFileProblem(kind, file);
  if (problem) return problem;
  if (kind === 'videoImage') return imageBytesProblem(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  return null;
}

/** Checks and uploads `file` as `kind`; `onProgress` gets 0..1. @throws UploadRejected with the Spanish reason. */
export async function uploadMedia(kind: MediaUploadKind, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const problem = await checkMediaFile(kind, file);
  if (problem) throw new UploadRejected(problem);
  return uploadFile(kind, file, onProgress);
}
