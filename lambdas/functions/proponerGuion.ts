/** `proponerGuion` (active): `{brief, format}` → a storyboard the owner can edit before rendering (lambdas/core/media/jobs/storyboard.ts). */
import { proponerGuion } from '@director-ia/shared';
import { proposeStoryboard } from '../core/media/jobs/storyboard';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(proponerGuion, async ({ data, identity }) => proposeStoryboard(requireIdentity(identity).sub, data));
