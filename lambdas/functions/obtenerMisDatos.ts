/** `obtenerMisDatos` (signedIn): the caller's latest export (fresh download link while it lasts) and conversation retention. */
import { obtenerMisDatos } from '@director-ia/shared';
import { exportStatus } from '../core/dataRights/export';
import { readRetention } from '../core/dataRights/retention';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerMisDatos, async ({ identity }) => {
  const { sub } = requireIdentity(identity);
  const [exportacion, retentionDays] = await Promise.all([exportStatus(sub), readRetention(sub)]);
  return { exportacion, retentionDays };
});
