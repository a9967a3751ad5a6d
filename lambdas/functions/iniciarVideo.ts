/**
 * `iniciarVideo` (active): `{prompt, imageKey?}` → `{jobId, status: 'en_cola'}` (a Bedrock async
 * video job); 501 UNIMPLEMENTED with the capability sentence where the brand's provider cannot make
 * video (lambdas/core/generation/video.ts).
 */
import { iniciarVideo } from '@director-ia/shared';
import { startVideo } from '../core/generation/video';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(iniciarVideo, async ({ data, identity }) => startVideo(requireIdentity(identity).sub, data));
