/** `crearVideo` (active): a video from a text, an image or an audio → a queued render job (lambdas/core/media/jobs/start.ts). */
import { crearVideo } from '@director-ia/shared';
import { startVideo } from '../core/media/jobs/start';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(crearVideo, async ({ data, identity }) => startVideo(requireIdentity(identity).sub, data));
