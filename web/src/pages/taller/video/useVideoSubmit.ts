/**
 * How a 'Vídeo' tab form sends (issue 18): every picked file checked first (type, size, an image's
 * bytes), then the whole request with the contract's schema (upload keys stood in for), so a
 * refused request uploads nothing and creates nothing; then the files go up with progress and
 * crearVideo starts the job. The first Spanish problem, from the browser or the server, is `problem`.
 */
import { useState } from 'react';
import type { RenderJob, VideoRequest } from '@director-ia/shared';
import { checkMediaFile, uploadMedia, useCreateVideo, videoRequestProblem, type MediaUploadKind } from '../../../features/media';
import { errorMessage } from '../../../lib/api';

/** A file to upload and where its key goes in the request. */
export interface PendingUpload {
  kind: MediaUploadKind;
  file: File;
  field: 'imageKey' | 'audioKey' | 'soundtrackKey';
}

/** Stands in for an upload key while the request is checked (the key's only rule is its length). */
const PENDING_KEY = 'pendiente';

export function useVideoSubmit(onStarted: (job: RenderJob) => void) {
  const create = useCreateVideo();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ field: PendingUpload['field']; progress: number } | null>(null);

  const submit = async (request: VideoRequest, uploads: readonly PendingUpload[] = []) => {
    setProblem(null);
    for (const upload of uploads) {
      const fileProblem = await checkMediaFile(upload.kind, upload.file);
      if (fileProblem) return setProblem(fileProblem);
    }
    const stand = { ...request, ...Object.fromEntries(uploads.map((upload) => [upload.field, PENDING_KEY])) };
    const requestProblem = videoRequestProblem(stand);
    if (requestProblem) return setProblem(requestProblem);
    const keys: Record<string, string> = {};
    try {
      for (const upload of uploads) {
        setUploading({ field: upload.field, progress: 0 });
        keys[upload.field] = await uploadMedia(upload.kind, upload.file, (progress) => setUploading({ field: upload.field, progress }));
      }
    } catch (error) {
      return setProblem(errorMessage(error));
    } finally {
      setUploading(null);
    }
    create.mutate({ ...request, ...keys } as VideoRequest, {
      onSuccess: onStarted,
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const progressOf = (field: PendingUpload['field']) => (uploading?.field === field ? uploading.progress : null);
  return { submit, problem, setProblem, busy: create.isPending || uploading !== null, progressOf };
}
