/** `crearVideo` (active): a video from a text, an image or an audio → a queued render job (lambdas/core/media/jobs/startVideo.ts). */
import { crearVideo } from '@director-ia/shared';
import { startVideo } from '../core/media/jobs/startVideo';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(crearVideo, async ({ data, identity }) => startVideo(requireIdentity(identity).sub, data));
