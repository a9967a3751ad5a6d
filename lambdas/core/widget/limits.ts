/**
 * The widget's abuse limits (issue 6 item 1; values and messages in shared/widget.ts), on the
 * fixed-window counters of platform/db/counters.ts:
 * - per source IP per minute, two scopes: 'load' (obtenerWidget) and 'send' (messages and contact
 *   forms, all brands together): counter `widget#ip#<ip hash>` / `rate#<scope>#<minute>`; the IP
 *   is the viewer's behind CloudFront, not the edge's (platform/callable/client-ip.ts); issue 16
 *   finding 1: an IPv6 source is counted per /64 (`ipRateSubject`), since one subscriber holds a
 *   whole /64 and could otherwise rotate addresses to reset the count;
 * - per brand per minute (messages and contact forms, all visitors): `user#<uid>` /
 *   `widget#rate#<minute>`;
 * - AI answers per brand per UTC day (the spend cap): `user#<uid>` / `widget#answers#<day>`,
 *   limit from env WIDGET_DAILY_ANSWER_QUOTA (read on every call; a whole number ≥ 0; unset or
 *   invalid → DEFAULT_WIDGET_DAILY_ANSWERS). A unit is given back when the answer fails;
 * - new leads per brand per UTC day (issue 16 finding 1: the anonymous contact form cannot flood
 *   the table and the owner's inbox): `user#<uid>` / `widget#leads#<day>`, limit from env
 *   WIDGET_DAILY_LEAD_QUOTA (same rules; default DEFAULT_WIDGET_DAILY_LEADS).
 * Every refusal is 429 RESOURCE_EXHAUSTED with a Spanish message. The IP is never stored: only a
 * salted SHA-256 of it (salted with the UTC day, so hashes of different days cannot be linked),
 * inside counter keys that expire within minutes.
 */
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { DEFAULT_WIDGET_DAILY_ANSWERS, DEFAULT_WIDGET_DAILY_LEADS, WIDGET_LIMITS, WIDGET_MSG } from '@director-ia/shared';
import { counterFor, giveBackUnit, takeUnit, type Counter } from '../../platform/db/counters';
import { QuotaExceededError } from '../../platform/errors';

export const WIDGET_DAILY_ANSWER_QUOTA_ENV = 'WIDGET_DAILY_ANSWER_QUOTA';
export const WIDGET_DAILY_LEAD_QUOTA_ENV = 'WIDGET_DAILY_LEAD_QUOTA';

/** Env `name` as a whole number ≥ 0, or `fallback` when unset or invalid. */
function wholeNumberEnv(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw || !/^\d{1,9}$/.test(raw)) return fallback;
  return Number(raw);
}

/** The configured daily answers per brand (see the module header). */
export function widgetDailyAnswerQuota(env: Record<string, string | undefined> = process.env): number {
  return wholeNumberEnv(env, WIDGET_DAILY_ANSWER_QUOTA_ENV, DEFAULT_WIDGET_DAILY_ANSWERS);
}

/** The configured daily new leads per brand (see the module header; issue 16 finding 1). */
export function widgetDailyLeadQuota(env: Record<string, string | undefined> = process.env): number {
  return wholeNumberEnv(env, WIDGET_DAILY_LEAD_QUOTA_ENV, DEFAULT_WIDGET_DAILY_LEADS);
}

/**
 * What a source IP is counted as (issue 16 finding 1): an IPv4 address as itself; an IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address; any other IPv6 address as its /64 in
 * canonical form (`2001:db8:1:2::/64`); null as 'unknown'; anything unparsable as given.
 */
export function ipRateSubject(ip: string | null): string {
  if (!ip) return 'unknown';
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = [...(address as ipaddr.IPv6).toByteArray().slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0];
  return `${ipaddr.fromByteArray(prefix).toString()}/64`;
}

/** The stored form of a source IP (its `ipRateSubject`): a salted SHA-256, base64url, 22 characters (132 bits). */
export function hashIp(ip: string | null, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return createHash('sha256').update(`director-ia/widget-ip/${day}/${ipRateSubject(ip)}`).digest('base64url').slice(0, 22);
}

export type IpScope = 'load' | 'send';

const IP_LIMITS: Record<IpScope, number> = { load: WIDGET_LIMITS.ipLoadsPerMinute, send: WIDGET_LIMITS.ipSendsPerMinute };

/** The counter of `ip`'s requests in `scope` this minute. */
export function ipCounter(scope: IpScope, ip: string | null, now: Date): Counter {
  return counterFor({ kind: 'widgetIpRate', scope, ipHash: hashIp(ip, now) }, now);
}

/** The counter of brand `uid`'s messages and contact forms this minute. */
export function brandRateCounter(uid: string, now: Date): Counter {
  return counterFor({ kind: 'widgetBrandRate', uid }, now);
}

/** The counter of brand `uid`'s AI answers this UTC day. */
export function dailyAnswersCounter(uid: string, now: Date): Counter {
  return counterFor({ kind: 'widgetDailyAnswers', uid }, now);
}

/** Counts one request of `ip` in `scope`; 429 when the IP is over its limit this minute. */
export async function enforceIpLimit(scope: IpScope, ip: string | null, now = new Date()): Promise<void> {
  if ((await takeUnit(ipCounter(scope, ip, now), IP_LIMITS[scope])) === null) {
    throw new QuotaExceededError(WIDGET_MSG.ipRateLimited);
  }
}

/** Counts one message or contact form for brand `uid`; 429 when the brand is over its limit this minute. */
export async function enforceBrandLimit(uid: string, now = new Date()): Promise<void> {
  if ((await takeUnit(brandRateCounter(uid, now), WIDGET_LIMITS.brandSendsPerMinute)) === null) {
    throw new QuotaExceededError(WIDGET_MSG.brandRateLimited);
  }
}

/**
 * Runs one AI answer under brand `uid`'s daily cap: takes a unit (429 when the cap is reached,
 * and `answer` does not run), gives it back when `answer` throws (the error is rethrown unchanged).
 */
export async function withDailyAnswer<T>(uid: string, answer: () => Promise<T>, now = new Date(), limit = widgetDailyAnswerQuota()): Promise<T> {
  const counter = dailyAnswersCounter(uid, now);
  if ((await takeUnit(counter, limit)) === null) throw new QuotaExceededError(WIDGET_MSG.dailyLimit);
  try {
    return await answer();
  } catch (error) {
    await giveBackUnit(counter);
    throw error;
  }
}

/**
 * Takes one of brand `uid`'s new leads of this UTC day (issue 16 finding 1); 429 with
 * WIDGET_MSG.dailyLeadLimit when the cap is reached. Returns the counter, so a lead that is then
 * not stored gives its unit back (`giveBackUnit`).
 */
export async function takeDailyLead(uid: string, now = new Date(), limit = widgetDailyLeadQuota()): Promise<Counter> {
  const counter = counterFor({ kind: 'widgetDailyLeads', uid }, now);
  if ((await takeUnit(counter, limit)) === null) throw new QuotaExceededError(WIDGET_MSG.dailyLeadLimit);
  return counter;
}
