/** `listarRenders` (active): the caller's newest render jobs (lambdas/core/media/jobs/store.ts). */
import { listarRenders } from '@director-ia/shared';
import { listRenderJobs } from '../core/media/jobs/store';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarRenders, async ({ identity }) => ({ jobs: await listRenderJobs(requireIdentity(identity).sub) }));
