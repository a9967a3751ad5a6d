/** `crearBandaSonora` (active): `{mood, tempo, durationSeconds, style}` → a queued soundtrack render job (lambdas/core/media/jobs/start.ts). */
import { crearBandaSonora } from '@director-ia/shared';
import { startSoundtrack } from '../core/media/jobs/start';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(crearBandaSonora, async ({ data, identity }) => startSoundtrack(requireIdentity(identity).sub, data));
