/** `estadoRender` (active): `{jobId}` → the caller's render job with its progress (lambdas/core/media/jobs/store.ts). */
import { estadoRender } from '@director-ia/shared';
import { renderJobStatus } from '../core/media/jobs/store';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(estadoRender, async ({ data, identity }) => renderJobStatus(requireIdentity(identity).sub, data.jobId));
