/**
 * The per-tenant daily generation quota (issue 4 item 6). Each generation (image now; avatar,
 * video and voice later) reserves one unit of the caller's counter for the current UTC day before
 * the model runs, and gives it back if the generation fails, so only generations that produced an
 * asset count, and concurrent requests can never exceed the quota (the reservation is atomic).
 *
 * Counter: the `generationQuota` daily counter of platform/db/counters.ts (one item per tenant per
 * UTC day, `pk = user#<sub>`, `sk = quota#generation#<YYYY-MM-DD>`, attribute `count`), changed
 * only by its conditional UpdateItems: take a unit if `attribute_not_exists(count) OR count < :limit`
 * (reserve), give it back if `count > 0`. A refused reservation is 429 RESOURCE_EXHAUSTED with a
 * Spanish message.
 *
 * The quota is read from env DAILY_GENERATION_QUOTA on every call (a whole number ≥ 0; unset or
 * invalid → DEFAULT_DAILY_GENERATION_QUOTA), so the twin and tests can set it per process.
 */
import { DEFAULT_DAILY_GENERATION_QUOTA, TALLER_MSG, utcDateIso } from '@director-ia/shared';
import { counterFor, counterKey, giveBackUnit, startOfUtcDay, takeUnit, type Counter } from '../../platform/db/counters';
import { QuotaExceededError } from '../../platform/errors';

export const DAILY_GENERATION_QUOTA_ENV = 'DAILY_GENERATION_QUOTA';

/** The configured quota (see the module header). */
export function dailyGenerationQuota(env: Record<string, string | undefined> = process.env): number {
  const raw = env[DAILY_GENERATION_QUOTA_ENV]?.trim();
  if (!raw || !/^\d{1,9}$/.test(raw)) return DEFAULT_DAILY_GENERATION_QUOTA;
  return Number(raw);
}

/** The quota counter of `sub` on UTC day `day` ('YYYY-MM-DD'). */
function quotaCounter(sub: string, day: string): Counter {
  return counterFor({ kind: 'generationQuota', uid: sub }, startOfUtcDay(day));
}

/** Table keys of the counter of `sub` on `day`. */
export function quotaCounterKey(sub: string, day: string): Record<string, string> {
  return counterKey(quotaCounter(sub, day));
}

/** A reserved unit: the day it was taken from (the day it is given back to). */
export interface QuotaReservation {
  day: string;
  /** The caller's generations that day, this one included. */
  count: number;
}

/**
 * Takes one unit of `sub`'s quota for the UTC day of `now`; QuotaExceededError when `limit`
 * units are already taken.
 */
export async function reserveGeneration(sub: string, now = new Date(), limit = dailyGenerationQuota()): Promise<QuotaReservation> {
  const day = utcDateIso(now); // quotas reset at 00:00 UTC
  if (limit <= 0) throw new QuotaExceededError(TALLER_MSG.quotaExceeded(limit));
  const count = await takeUnit(quotaCounter(sub, day), limit);
  if (count === null) throw new QuotaExceededError(TALLER_MSG.quotaExceeded(limit));
  return { day, count };
}

/**
 * Gives back a unit `reserveGeneration` took. Never throws: a failure is logged (the caller is
 * already handling the generation's own error, which must not be masked).
 */
export async function releaseGeneration(sub: string, reservation: Pick<QuotaReservation, 'day'>): Promise<void> {
  await giveBackUnit(quotaCounter(sub, reservation.day), 'a generation quota unit');
}

/**
 * Runs one generation under the quota: reserves a unit, runs `generate`, and gives the unit back
 * when `generate` throws (the error is rethrown unchanged).
 */
export async function withGenerationQuota<T>(sub: string, generate: () => Promise<T>, now = new Date()): Promise<T> {
  const reservation = await reserveGeneration(sub, now);
  try {
    return await generate();
  } catch (error) {
    await releaseGeneration(sub, reservation);
    throw error;
  }
}
