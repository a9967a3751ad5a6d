/**
 * crearVideo (active; issue 18): starts a render job that composes a 1080p MP4 from a text (brief
 * and optional storyboard), an image or an audio. The request is checked with the contract's own
 * schema before it is sent (lib/api); a refusal shows the server's Spanish message. The job is
 * then followed with useRenderJob.
 */
import { MEDIA_MSG, type RenderJob, type VideoRequest } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { rendersKey } from './useRenders';

export function createVideo(request: VideoRequest): Promise<RenderJob> {
  return callFunction('crearVideo', request);
}

export function useCreateVideo() {
  return useCallableMutation({ mutationFn: createVideo, success: MEDIA_MSG.videoStarted, invalidates: [rendersKey] });
}
