/**
 * Quota callables (issue 16 finding 2): `obtenerCuotas` → the caller's daily quotas today (UTC),
 * one entry per quota of shared/quotas.ts in DAILY_QUOTA_NAMES order, in units (bytes for
 * `uploadBytes`: QUOTA_MSG.remainingItem shows MB). Constructor IA shows "Hoy te quedan: …".
 */
import * as z from 'zod/mini';
import { DAILY_QUOTA_NAMES } from '../../quotas';
import { define } from '../define';

export const DailyQuotaSchema = z.object({
  name: z.enum(DAILY_QUOTA_NAMES),
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
});
export type DailyQuotaView = z.infer<typeof DailyQuotaSchema>;

export const obtenerCuotas = define({
  name: 'obtenerCuotas',
  access: 'active',
  input: z.nullish(z.strictObject({})),
  output: z.object({ quotas: z.array(DailyQuotaSchema) }),
});
