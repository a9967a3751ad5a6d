/**
 * When the schedule drafts articles (issue 5 item 3; spec 5 frequency options). Each frequency is
 * a fixed set of calendar slots in UTC, so a "due period" is well defined and a job that was down
 * for a while drafts once, not once per missed period:
 * - '1 artículo por semana': every Monday at DRAFT_HOUR_UTC;
 * - '2 artículos al mes': the 1st and the 15th of each month at DRAFT_HOUR_UTC;
 * - '1 artículo al mes': the 1st of each month at DRAFT_HOUR_UTC.
 * `nextDueAfter(frequency, t)` is the first slot strictly after `t`. Pure: no I/O, no clock.
 */
import type { BlogFrequency } from '@director-ia/shared';

/** Hour of the day (UTC) of every slot: 08:00 UTC is 09:00 or 10:00 in Spain. */
export const DRAFT_HOUR_UTC = 8;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of the month with a slot, per monthly frequency. */
const MONTHLY_SLOTS: Partial<Record<BlogFrequency, readonly number[]>> = {
  '2 artículos al mes': [1, 15],
  '1 artículo al mes': [1],
};
const MONDAY = 1;

function nextMonday(after: Date): Date {
  const sameDay = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), DRAFT_HOUR_UTC);
  const daysAhead = (MONDAY - after.getUTCDay() + 7) % 7;
  const candidate = sameDay + daysAhead * DAY_MS;
  return new Date(candidate > after.getTime() ? candidate : candidate + 7 * DAY_MS);
}

function nextMonthlySlot(after: Date, days: readonly number[]): Date {
  // The next slot is at most two months away (e.g. after the 1st slot of a monthly frequency).
  for (let offset = 0; offset <= 2; offset += 1) {
    for (const day of days) {
      const candidate = Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + offset, day, DRAFT_HOUR_UTC);
      if (candidate > after.getTime()) return new Date(candidate);
    }
  }
  throw new Error('unreachable: no monthly slot within two months');
}

/** The first draft slot of `frequency` strictly after `after` (see the module header). */
export function nextDueAfter(frequency: BlogFrequency, after: Date): Date {
  if (Number.isNaN(after.getTime())) throw new RangeError('invalid date');
  const days = MONTHLY_SLOTS[frequency];
  return days ? nextMonthlySlot(after, days) : nextMonday(after);
}
