/**
 * Rate limits as the sandbox's networks document them (issue 13 brief, "Publishing shapes"):
 * - the headers on every API answer: X `x-rate-limit-limit|remaining|reset` (per user and
 *   endpoint, 15-minute windows, enforced: past the limit the answer is X's 429); Meta
 *   `X-App-Usage` (percent of the app's hourly calls) on every Graph answer and
 *   `X-Business-Use-Case-Usage` (percent of the page's or Instagram account's 24-hour calls) on
 *   page-token answers (reported, not enforced: only the fault hook throttles Meta);
 * - TikTok's documented per-token limits on publishing (6 inits and 30 status fetches a minute),
 *   enforced, without headers (TikTok sends none);
 * - each network's throttled answer (`throttled`), used by those limits and by the fault hook
 *   (./faults.ts), and its server error (`serverError`).
 * LinkedIn, YouTube, Pinterest and Telegram document no rate headers: a throttled answer carries
 * the standard `Retry-After` (Telegram: `parameters.retry_after` in the body, as it documents).
 * Counters live in memory: a restart starts every window afresh.
 */
import { randomBytes } from 'node:crypto';
import type { SocialNetwork } from '@director-ia/shared';
import { json, type SandboxResponse } from './http';
import { logId } from './networks';

/** Meta's throttling codes the sandbox answers with (brief: 4, 17, 32, 613): page calls 32, Instagram 4. */
const META_THROTTLE = { facebook: { code: 32, message: '(#32) Page request limit reached' }, instagram: { code: 4, message: '(#4) Application request limit reached' } };

/** Graph calls an hour that make 100 % of `X-App-Usage` (Meta: 200 × the app's daily users; the sandbox app counts 25). */
export const META_APP_CALLS_PER_HOUR = 5000;
/** Page or Instagram account calls in 24 hours that make 100 % of `X-Business-Use-Case-Usage` (Meta: 4800 × engaged users). */
export const META_BUC_CALLS_PER_DAY = 4800;

const X_WINDOW_MS = 15 * 60 * 1000;
/** X's per-user limits per 15 minutes, by route (`METHOD path` of ./api.ts routes). */
const X_LIMITS: Readonly<Record<string, number>> = {
  'POST /tweets': 100,
  'GET /users/me': 75,
  'GET /users/:id/tweets': 900,
  'POST /media/upload': 500,
  'POST /media/upload/initialize': 500,
  'POST /media/upload/:id/append': 500,
  'POST /media/upload/:id/finalize': 500,
  'GET /media/upload': 1000,
};

/** TikTok's per-token limits per minute, by route. */
const TIKTOK_LIMITS: Readonly<Record<string, number>> = {
  'POST /post/publish/video/init/': 6,
  'POST /post/publish/content/init/': 6,
  'POST /post/publish/status/fetch/': 30,
  'POST /post/publish/creator_info/query/': 20,
};

interface Window {
  start: number;
  count: number;
}

/** Fixed-window call counters (memory only). */
export class RateCounters {
  private readonly windows = new Map<string, Window>();

  /** Counts one call of `key` in a window of `windowMs`; returns the calls so far and when the window ends (epoch ms). */
  count(key: string, windowMs: number, now: number): { calls: number; resetAt: number } {
    let window = this.windows.get(key);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { calls: window.count, resetAt: window.start + windowMs };
  }
}

/** Who a call counts against. */
export interface Caller {
  /** The grant (user) id. */
  user: string;
  /** The token's hash prefix (TikTok counts per token). */
  token: string;
  /** Meta page tokens: the page or Instagram account the call is about. */
  business?: { id: string; type: 'pages' | 'instagram' };
}

/** The usage headers of an answer and whether the call is over a limit the sandbox enforces. */
export interface Usage {
  headers: Record<string, string>;
  /** Set when the call must be refused: the throttled answer (with `headers`). */
  refused?: SandboxResponse;
}

const percent = (calls: number, capacity: number) => Math.min(100, Math.round((calls * 100) / capacity));

/** Counts a call of `route` (`METHOD path`) on `network` and says what its answer carries (see the module header). */
export function usage(counters: RateCounters, network: SocialNetwork, route: string, caller: Caller, now: number): Usage {
  if (network === 'x') {
    const limit = X_LIMITS[route];
    if (limit === undefined) return { headers: {} };
    const { calls, resetAt } = counters.count(`x:${caller.user}:${route}`, X_WINDOW_MS, now);
    const headers = { 'x-rate-limit-limit': String(limit), 'x-rate-limit-remaining': String(Math.max(0, limit - calls)), 'x-rate-limit-reset': String(Math.ceil(resetAt / 1000)) };
    // Seconds counted from the same whole second throttled() starts at, so its reset is the window's.
    return calls > limit ? { headers, refused: throttled('x', Math.ceil(resetAt / 1000) - Math.ceil(now / 1000), now) } : { headers };
  }
  if (network === 'facebook' || network === 'instagram') {
    const app = counters.count('meta:app', 60 * 60 * 1000, now);
    const appPercent = percent(app.calls, META_APP_CALLS_PER_HOUR);
    const headers: Record<string, string> = { 'x-app-usage': JSON.stringify({ call_count: appPercent, total_cputime: Math.ceil(appPercent / 2), total_time: Math.ceil(appPercent / 2) }) };
    if (caller.business) {
      const business = counters.count(`meta:buc:${caller.business.id}`, 24 * 60 * 60 * 1000, now);
      const used = percent(business.calls, META_BUC_CALLS_PER_DAY);
      headers['x-business-use-case-usage'] = JSON.stringify({
        [caller.business.id]: [{ type: caller.business.type, call_count: used, total_cputime: Math.ceil(used / 2), total_time: Math.ceil(used / 2), estimated_time_to_regain_access: 0 }],
      });
    }
    return { headers };
  }
  if (network === 'tiktok') {
    const limit = TIKTOK_LIMITS[route];
    if (limit === undefined) return { headers: {} };
    const { calls, resetAt } = counters.count(`tiktok:${caller.token}:${route}`, 60 * 1000, now);
    return calls > limit ? { headers: {}, refused: throttled('tiktok', Math.ceil((resetAt - now) / 1000), now) } : { headers: {} };
  }
  return { headers: {} };
}

const traceId = () => randomBytes(9).toString('base64url');

/**
 * `network`'s answer to a throttled call that may be retried after `seconds` (see the module
 * header). Meta answers HTTP 403 with a throttling code (not 429: its clients read the code) and
 * says when access returns in `X-Business-Use-Case-Usage` (minutes); X in `x-rate-limit-reset`.
 * `business` names the page or Instagram account of a Meta page-token call.
 */
export function throttled(network: SocialNetwork, seconds: number, now: number, business?: Caller['business']): SandboxResponse {
  const retryAfter = { 'retry-after': String(seconds) };
  switch (network) {
    case 'facebook':
    case 'instagram': {
      const { code, message } = META_THROTTLE[network];
      const id = business?.id ?? 'app';
      const type = business?.type ?? (network === 'facebook' ? 'pages' : 'instagram');
      return json(
        403,
        { error: { message, type: 'OAuthException', is_transient: true, code, fbtrace_id: traceId() } },
        {
          'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 100, total_time: 100 }),
          'x-business-use-case-usage': JSON.stringify({ [id]: [{ type, call_count: 100, total_cputime: 100, total_time: 100, estimated_time_to_regain_access: Math.ceil(seconds / 60) }] }),
        },
      );
    }
    case 'x':
      return json(
        429,
        { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
        { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.ceil(now / 1000) + seconds) },
      );
    case 'linkedin':
      return json(429, { status: 429, serviceErrorCode: 101, code: 'TOO_MANY_REQUESTS', message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' }, retryAfter);
    case 'youtube': {
      const message = 'Resource has been exhausted (e.g. check quota).';
      return json(429, { error: { code: 429, message, errors: [{ message, domain: 'global', reason: 'rateLimitExceeded' }], status: 'RESOURCE_EXHAUSTED' } }, retryAfter);
    }
    case 'tiktok':
      return json(429, { data: {}, error: { code: 'rate_limit_exceeded', message: 'API rate limit exceeded, please retry later.', log_id: logId() } }, retryAfter);
    case 'pinterest':
      return json(429, { code: 8, message: 'You have exceeded your rate limit. Try again later.' }, retryAfter);
    case 'telegram':
      return json(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } });
  }
}

/** `network`'s answer to a request it failed to serve (HTTP 500, nothing done). */
export function serverError(network: SocialNetwork): SandboxResponse {
  switch (network) {
    case 'facebook':
    case 'instagram':
      return json(500, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', is_transient: true, code: 2, fbtrace_id: traceId() } });
    case 'x':
      return json(500, { title: 'Internal Server Error', detail: 'Internal Server Error', type: 'about:blank', status: 500 });
    case 'linkedin':
      return json(500, { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    case 'youtube':
      return json(500, { error: { code: 500, message: 'Backend Error', errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }], status: 'INTERNAL' } });
    case 'tiktok':
      return json(500, { data: {}, error: { code: 'internal_error', message: 'Something went wrong. Please try again later.', log_id: logId() } });
    case 'pinterest':
      return json(500, { code: 0, message: 'Something went wrong on our end. Sorry about that.' });
    case 'telegram':
      return json(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
  }
}
