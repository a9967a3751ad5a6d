/**
 * Rate limits of the publishing calls (lambdas/platform/social/publish/rates.ts): the usage read
 * from X's x-rate-limit-* and Meta's X-App-Usage / X-Business-Use-Case-Usage headers, and when a
 * throttled answer may be retried (Telegram's retry_after, Retry-After, X's reset, Meta's regain
 * time, YouTube's daily quota at midnight Pacific, the default), and against whom.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT_WAIT_MS, nextPacificMidnight, throttleOf, usageOf } from '../../../../../../lambdas/platform/social/publish/rates';
import { NOW } from './fake';

const headers = (values: Record<string, string>) => new Headers(values);

describe('usageOf', () => {
  it('X: per user and operation, percent used from limit and remaining, reset in epoch ms', () => {
    const reset = Math.floor(NOW / 1000) + 600;
    expect(usageOf('x', headers({ 'x-rate-limit-limit': '200', 'x-rate-limit-remaining': '150', 'x-rate-limit-reset': String(reset) }), 'POST /tweets', NOW)).toEqual([
      { network: 'x', scope: 'account', resource: 'x:POST /tweets', usedPercent: 25, remaining: 150, limit: 200, resetAt: reset * 1000 },
    ]);
  });

  it("Meta: the app's highest percentage, and each business use case's, with the time to regain access", () => {
    const business = {
      '1234': [{ type: 'pages', call_count: 10, total_cputime: 95, total_time: 20, estimated_time_to_regain_access: 0 }],
      '17841': [{ type: 'instagram', call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 7 }],
    };
    const usage = usageOf('instagram', headers({ 'x-app-usage': '{"call_count":5,"total_cputime":61,"total_time":12}', 'x-business-use-case-usage': JSON.stringify(business) }), 'x', NOW);
    expect(usage).toEqual([
      { network: 'instagram', scope: 'app', resource: 'meta:app', usedPercent: 61 },
      { network: 'instagram', scope: 'account', resource: 'meta:pages:1234', usedPercent: 95 },
      { network: 'instagram', scope: 'account', resource: 'meta:instagram:17841', usedPercent: 100, resetAt: NOW + 7 * 60_000 },
    ]);
  });

  it('nothing from absent, malformed or foreign headers', () => {
    expect(usageOf('facebook', headers({ 'x-app-usage': 'not json' }), 'x', NOW)).toEqual([]);
    expect(usageOf('x', headers({ 'x-rate-limit-limit': 'many' }), 'x', NOW)).toEqual([]);
    expect(usageOf('linkedin', headers({ 'x-rate-limit-limit': '10', 'x-rate-limit-remaining': '1' }), 'x', NOW)).toEqual([]);
  });
});

describe('throttleOf', () => {
  it.each<[string, Parameters<typeof throttleOf>, ReturnType<typeof throttleOf>]>([
    ['Telegram retry_after', ['telegram', 429, { ok: false, error_code: 429, parameters: { retry_after: 12 } }, headers({}), NOW], { scope: 'account', retryAt: NOW + 12_000 }],
    ['Retry-After seconds', ['pinterest', 429, { code: 8, message: 'slow down' }, headers({ 'retry-after': '90' }), NOW], { scope: 'account', retryAt: NOW + 90_000 }],
    [
      'Retry-After as an HTTP date',
      ['linkedin', 429, {}, headers({ 'retry-after': new Date(NOW + 120_000).toUTCString() }), NOW],
      { scope: 'account', retryAt: NOW + 120_000 },
    ],
    ['a Retry-After in the past: now', ['linkedin', 429, {}, headers({ 'retry-after': new Date(NOW - 60_000).toUTCString() }), NOW], { scope: 'account', retryAt: NOW }],
    ['X reset', ['x', 429, { title: 'Too Many Requests' }, headers({ 'x-rate-limit-reset': String(NOW / 1000 + 300) }), NOW], { scope: 'account', retryAt: NOW + 300_000 }],
    ['Meta app throttling (code 4): the default wait', ['facebook', 400, { error: { code: 4, type: 'OAuthException', message: 'Application request limit reached' } }, headers({}), NOW], { scope: 'app', retryAt: NOW + DEFAULT_RATE_LIMIT_WAIT_MS }],
    [
      'Meta business use case (80002) with its regain time',
      [
        'instagram',
        400,
        { error: { code: 80002, type: 'OAuthException', message: 'There have been too many calls to this Instagram account.' } },
        headers({ 'x-business-use-case-usage': '{"17841":[{"type":"instagram","call_count":100,"total_cputime":1,"total_time":1,"estimated_time_to_regain_access":30}]}' }),
        NOW,
      ],
      { scope: 'account', retryAt: NOW + 30 * 60_000 },
    ],
    ['TikTok active user cap (the app)', ['tiktok', 403, { error: { code: 'reached_active_user_cap', message: 'cap', log_id: '1' } }, headers({}), NOW], { scope: 'app', retryAt: NOW + DEFAULT_RATE_LIMIT_WAIT_MS }],
    ['YouTube user rate limit', ['youtube', 403, { error: { code: 403, errors: [{ reason: 'userRateLimitExceeded' }] } }, headers({}), NOW], { scope: 'account', retryAt: NOW + DEFAULT_RATE_LIMIT_WAIT_MS }],
    ['YouTube upload limit (daily)', ['youtube', 400, { error: { code: 400, errors: [{ reason: 'uploadLimitExceeded' }] } }, headers({}), NOW], { scope: 'account', retryAt: nextPacificMidnight(NOW) }],
  ])('%s', (_case, args, expected) => {
    expect(throttleOf(...args)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof throttleOf>]>([
    ['a success', ['x', 201, { data: { id: '1' } }, headers({ 'x-rate-limit-remaining': '0' }), NOW]],
    ["TikTok's explicit ok", ['tiktok', 200, { data: {}, error: { code: 'ok' } }, headers({}), NOW]],
    ['a refusal that is not throttling', ['facebook', 400, { error: { code: 100, type: 'OAuthException', message: 'Invalid parameter' } }, headers({ 'retry-after': '5' }), NOW]],
    ['a 503 (unavailable, not throttled)', ['pinterest', 503, {}, headers({}), NOW]],
  ])('is undefined for %s', (_case, args) => {
    expect(throttleOf(...args)).toBeUndefined();
  });

  it("nextPacificMidnight: Google's quota day, across daylight saving", () => {
    // 2026-03-08 is the US spring-forward day: that midnight is 08:00 UTC, the next one 07:00 UTC.
    expect(new Date(nextPacificMidnight(Date.parse('2026-03-08T09:30:00Z'))).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(new Date(nextPacificMidnight(Date.parse('2026-01-15T07:59:59Z'))).toISOString()).toBe('2026-01-15T08:00:00.000Z');
  });
});
