/**
 * `obtenerCuotas` (active; issue 16 finding 2): `null` → `{quotas}`: the caller's daily quotas
 * today (UTC) with what is used and left, for Constructor IA's "Hoy te quedan: …".
 */
import { obtenerCuotas } from '@director-ia/shared';
import { dailyQuotaUsage } from '../core/quotas/daily';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerCuotas, async ({ identity }) => ({ quotas: await dailyQuotaUsage(requireIdentity(identity).sub) }));
