/**
 * Rate limits of the publishing calls (issue 13: "track rate limits per account and per app from
 * response headers … and postpone rather than fail"), from the documented signals:
 * - usage on every answer (`usageOf`): X's `x-rate-limit-limit`, `x-rate-limit-remaining`,
 *   `x-rate-limit-reset` (epoch seconds); Meta's `X-App-Usage` (`{call_count, total_cputime,
 *   total_time}`, percent of the app's limit) and `X-Business-Use-Case-Usage` (per page or
 *   Instagram account: `{"<id>": [{type, call_count, total_cputime, total_time,
 *   estimated_time_to_regain_access}]}`, minutes);
 * - throttling (`throttleOf`): HTTP 429 on any network; Meta error codes 4 (app), 17, 32, 613 and
 *   80001-80014 (business use case); TikTok `rate_limit_exceeded`, `spam_risk_too_many_posts`,
 *   `reached_active_user_cap` (app); YouTube reasons `quotaExceeded` (the project's daily quota:
 *   app), `rateLimitExceeded`, `userRateLimitExceeded`, `uploadLimitExceeded`; Telegram's
 *   `parameters.retry_after`.
 * When to retry, first that applies: Telegram's `retry_after` (seconds); `Retry-After` (seconds
 * or an HTTP date); X's `x-rate-limit-reset`; Meta's largest `estimated_time_to_regain_access`;
 * YouTube's daily quotas at the next midnight in America/Los_Angeles (when Google resets them);
 * else DEFAULT_RATE_LIMIT_WAIT_MS.
 */
import { TZDate } from '@date-fns/tz';
import type { SocialNetwork } from '@director-ia/shared';
import { retryAfterMs } from '../../http';
import { isRecord } from '../call';
import type { RateScope } from '../types';
import type { RateUsage } from './types';

/** Wait when a throttled answer does not say for how long, ms (X's and Meta's windows are 15 minutes to an hour). */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60_000;

const META_APP_THROTTLE = 4;
const META_ACCOUNT_THROTTLE = new Set([17, 32, 613]);
const isMetaBusinessThrottle = (code: number) => code >= 80001 && code <= 80014;
const TIKTOK_ACCOUNT_THROTTLE = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts']);
const TIKTOK_APP_THROTTLE = new Set(['reached_active_user_cap']);
const YOUTUBE_ACCOUNT_THROTTLE = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'uploadLimitExceeded']);
/** Google's daily limits, reset at midnight Pacific time. */
const YOUTUBE_DAILY = new Set(['quotaExceeded', 'uploadLimitExceeded']);

const numberOf = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};

function jsonHeader(headers: Headers, name: string): unknown {
  const raw = headers.get(name);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The highest of Meta's percentages in `entry` (call_count, total_cputime, total_time). */
function metaPercent(entry: Record<string, unknown>): number | undefined {
  const values = [entry.call_count, entry.total_cputime, entry.total_time].map(numberOf).filter((value) => value !== undefined);
  return values.length > 0 ? Math.max(...values) : undefined;
}

function metaUsage(network: SocialNetwork, headers: Headers, now: number): RateUsage[] {
  const usage: RateUsage[] = [];
  const app = jsonHeader(headers, 'x-app-usage');
  if (isRecord(app)) {
    const usedPercent = metaPercent(app);
    if (usedPercent !== undefined) usage.push({ network, scope: 'app', resource: 'meta:app', usedPercent });
  }
  const business = jsonHeader(headers, 'x-business-use-case-usage');
  if (isRecord(business)) {
    for (const [id, entries] of Object.entries(business)) {
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) {
        if (!isRecord(entry)) continue;
        const usedPercent = metaPercent(entry);
        if (usedPercent === undefined) continue;
        const item: RateUsage = { network, scope: 'account', resource: `meta:${typeof entry.type === 'string' ? entry.type : 'business'}:${id}`, usedPercent };
        const regain = numberOf(entry.estimated_time_to_regain_access);
        if (regain !== undefined && regain > 0) item.resetAt = now + regain * 60_000;
        usage.push(item);
      }
    }
  }
  return usage;
}

function xUsage(network: SocialNetwork, headers: Headers, resource: string): RateUsage[] {
  const limit = numberOf(headers.get('x-rate-limit-limit'));
  const remaining = numberOf(headers.get('x-rate-limit-remaining'));
  if (limit === undefined || remaining === undefined || limit <= 0) return [];
  const item: RateUsage = { network, scope: 'account', resource: `x:${resource}`, usedPercent: ((limit - remaining) / limit) * 100, remaining, limit };
  const reset = numberOf(headers.get('x-rate-limit-reset'));
  if (reset !== undefined) item.resetAt = reset * 1000;
  return [item];
}

/** The usage an answer of `network` reports in its headers (see the module header); `resource` names the operation for X. */
export function usageOf(network: SocialNetwork, headers: Headers, resource: string, now: number): RateUsage[] {
  if (network === 'facebook' || network === 'instagram') return metaUsage(network, headers, now);
  if (network === 'x') return xUsage(network, headers, resource);
  return [];
}

/** YouTube's `error.errors[].reason`s. */
function googleReasons(body: unknown): string[] {
  if (!isRecord(body) || !isRecord(body.error) || !Array.isArray(body.error.errors)) return [];
  return body.error.errors.flatMap((item) => (isRecord(item) && typeof item.reason === 'string' ? [item.reason] : []));
}

/** Whether the answer says throttled, and against whom (see the module header). */
function throttleScope(network: SocialNetwork, status: number, body: unknown): RateScope | undefined {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === 'number' && typeof error.type === 'string') {
    if (error.code === META_APP_THROTTLE) return 'app';
    if (META_ACCOUNT_THROTTLE.has(error.code) || isMetaBusinessThrottle(error.code)) return 'account';
  }
  if (isRecord(error) && typeof error.code === 'string') {
    if (TIKTOK_APP_THROTTLE.has(error.code)) return 'app';
    if (TIKTOK_ACCOUNT_THROTTLE.has(error.code)) return 'account';
  }
  if (network === 'youtube') {
    const reasons = googleReasons(body);
    if (reasons.includes('quotaExceeded')) return 'app';
    if (reasons.some((reason) => YOUTUBE_ACCOUNT_THROTTLE.has(reason))) return 'account';
  }
  if (isRecord(body) && isRecord(body.parameters) && numberOf(body.parameters.retry_after) !== undefined) return 'account';
  return status === 429 ? 'account' : undefined;
}

/** The next midnight in America/Los_Angeles after `now`, epoch ms. */
export function nextPacificMidnight(now: number): number {
  const date = new TZDate(now, 'America/Los_Angeles');
  date.setHours(24, 0, 0, 0);
  return date.getTime();
}

/** When a throttled answer may be tried again, epoch ms (see the module header). */
function retryAtOf(network: SocialNetwork, body: unknown, headers: Headers, now: number): number {
  if (isRecord(body) && isRecord(body.parameters)) {
    const seconds = numberOf(body.parameters.retry_after);
    if (seconds !== undefined) return now + seconds * 1000;
  }
  const header = retryAfterMs(headers.get('retry-after'), now);
  if (header !== undefined) return now + header;
  const reset = numberOf(headers.get('x-rate-limit-reset'));
  if (network === 'x' && reset !== undefined) return reset * 1000;
  const regain = metaUsage(network, headers, now).flatMap((usage) => (usage.resetAt === undefined ? [] : [usage.resetAt]));
  if (regain.length > 0) return Math.max(...regain);
  if (network === 'youtube' && googleReasons(body).some((reason) => YOUTUBE_DAILY.has(reason))) return nextPacificMidnight(now);
  return now + DEFAULT_RATE_LIMIT_WAIT_MS;
}

/**
 * When `status`/`body`/`headers` say the call was throttled: against whom and from when it may be
 * tried again (epoch ms, never before `now`); undefined otherwise.
 */
export function throttleOf(network: SocialNetwork, status: number, body: unknown, headers: Headers, now: number): { scope: RateScope; retryAt: number } | undefined {
  if (status >= 200 && status < 300 && !isRecord(isRecord(body) ? body.error : undefined)) return undefined;
  const scope = throttleScope(network, status, body);
  if (!scope) return undefined;
  return { scope, retryAt: Math.max(now, retryAtOf(network, body, headers, now)) };
}
