/**
 * Per-user daily quotas of the costly operations (issue 16 finding 2, OWASP LLM10): chat turns,
 * voice note transcriptions, monthly plans, campaign proposals, embedded knowledge passages and
 * uploaded bytes (rules, defaults and messages in shared/quotas.ts). Each is a `dailyQuota`
 * counter of platform/db/counters.ts (`user#<sub>` / `quota#<name>#<YYYY-MM-DD>`, UTC day), taken
 * atomically BEFORE the expensive work, so concurrent requests can never pass the limit, and given
 * back when that work throws (only work that ran counts). A refusal is QuotaExceededError (429
 * RESOURCE_EXHAUSTED) with 'Has alcanzado el límite diario de …'.
 *
 * Limits: env `DAILY_QUOTAS[name].env` on every call (a whole number ≥ 0; unset or invalid → the
 * default), so the stack, the twin and tests can set them per process.
 */
import { DAILY_QUOTA_NAMES, DAILY_QUOTAS, QUOTA_MSG, type DailyQuotaName } from '@director-ia/shared';
import { counterFor, giveBackUnits, readCounts, takeUnits, type Counter } from '../../platform/db/counters';
import { QuotaExceededError } from '../../platform/errors';

type Env = Record<string, string | undefined>;

/** The configured limit of quota `name` (see the module header). */
export function dailyQuotaLimit(name: DailyQuotaName, env: Env = process.env): number {
  const raw = env[DAILY_QUOTAS[name].env]?.trim();
  if (!raw || !/^\d{1,12}$/.test(raw)) return DAILY_QUOTAS[name].defaultLimit;
  return Number(raw);
}

/** `sub`'s counter of quota `name` on the UTC day of `now`. */
export function dailyQuotaCounter(sub: string, name: DailyQuotaName, now: Date): Counter {
  return counterFor({ kind: 'dailyQuota', quota: name, uid: sub }, now);
}

/** Units taken from a quota (to give back to the same day). */
export interface QuotaTake {
  name: DailyQuotaName;
  counter: Counter;
  amount: number;
}

/**
 * Takes `amount` units (whole, ≥ 1) of `sub`'s quota `name` for the UTC day of `now`.
 * QuotaExceededError (429) when they do not fit under the limit; nothing is taken then.
 */
export async function takeDailyQuota(sub: string, name: DailyQuotaName, amount = 1, now = new Date(), limit = dailyQuotaLimit(name)): Promise<QuotaTake> {
  const counter = dailyQuotaCounter(sub, name, now);
  if ((await takeUnits(counter, Math.max(1, Math.ceil(amount)), limit)) === null) throw new QuotaExceededError(QUOTA_MSG.exceeded(name, limit));
  return { name, counter, amount: Math.max(1, Math.ceil(amount)) };
}

/** Gives back what `takeDailyQuota` took. Never throws (a failure is logged). */
export async function giveBackDailyQuota(take: QuotaTake): Promise<void> {
  await giveBackUnits(take.counter, take.amount, `${take.name} quota units`);
}

/**
 * Runs `work` under one unit of `sub`'s quota `name`: takes it (429 when used up, and `work`
 * does not run), gives it back when `work` throws (the error is rethrown unchanged).
 */
export async function withDailyQuota<T>(sub: string, name: DailyQuotaName, work: () => Promise<T>, now = new Date()): Promise<T> {
  const take = await takeDailyQuota(sub, name, 1, now);
  try {
    return await work();
  } catch (error) {
    await giveBackDailyQuota(take);
    throw error;
  }
}

/** One quota's figures today, in units (bytes for `uploadBytes`). */
export interface QuotaUsage {
  name: DailyQuotaName;
  limit: number;
  used: number;
  remaining: number;
}

/** Every daily quota of `sub` on the UTC day of `now`, in DAILY_QUOTA_NAMES order (one GetItem each). */
export async function dailyQuotaUsage(sub: string, now = new Date(), env: Env = process.env): Promise<QuotaUsage[]> {
  const counts = await readCounts(DAILY_QUOTA_NAMES.map((name) => dailyQuotaCounter(sub, name, now)));
  return DAILY_QUOTA_NAMES.map((name, i) => {
    const limit = dailyQuotaLimit(name, env);
    const used = counts[i] ?? 0;
    return { name, limit, used, remaining: Math.max(0, limit - used) };
  });
}
