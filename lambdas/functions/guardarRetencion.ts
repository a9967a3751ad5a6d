/** `guardarRetencion` (active): sets how many days the caller's conversations are kept (0 = no automatic deletion). */
import { guardarRetencion } from '@director-ia/shared';
import { saveRetention } from '../core/dataRights/retention';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarRetencion, async ({ data, identity }) => ({ retentionDays: await saveRetention(requireIdentity(identity).sub, data.retentionDays) }));
