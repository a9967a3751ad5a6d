/** `estadoVideo` (active): `{jobId}` → `{status, url?, error?}` of the caller's video job (lambdas/core/generation/videoStatus.ts). */
import { estadoVideo } from '@director-ia/shared';
import { videoStatus } from '../core/generation/videoStatus';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(estadoVideo, async ({ data, identity }) => videoStatus(requireIdentity(identity).sub, data.jobId));
