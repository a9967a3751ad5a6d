/**
 * One publishing call (lambdas/platform/social/publish/call.ts): invisible steps retried by the
 * client on 5xx, the visible step never; which transport failures make a visible step's outcome
 * unknown and which certainly happened before sending; the bodies (JSON, form, bytes, multipart);
 * 3xx answers a caller names; usage reported; URLs handed by a network checked before our token
 * goes there; logs with the publication's key and without the token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../../../../lambdas/platform/logger';
import { handedUrl, publishCall, type PublishCall } from '../../../../../../lambdas/platform/social/publish/call';
import { NetworkError, OutcomeUnknown, RateLimited, type Prepared, type RateUsage } from '../../../../../../lambdas/platform/social';
import { failureOf, json, NOW, optionsWith, recordingFetch, TOKEN, type Route } from './fake';

const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'pinterest' };
const call = (overrides: Partial<PublishCall> = {}): PublishCall => ({
  network: 'pinterest',
  resource: 'POST /pins',
  url: 'https://api.pinterest.com/v5/pins',
  method: 'POST',
  bearer: TOKEN,
  json: { a: 1 },
  ...overrides,
});
/** Answers `statuses` in turn (the last repeats). */
const inTurn = (...statuses: number[]): Route => {
  let index = 0;
  return () => json({ id: 'p' }, statuses[Math.min(index++, statuses.length - 1)]);
};
const throwing = (code: string): Route => () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
};

afterEach(() => vi.restoreAllMocks());

describe('publishCall', () => {
  it('retries an invisible step on 503 (the client backs off), never the visible one', async () => {
    const invisible = recordingFetch(inTurn(503, 200));
    await expect(publishCall(call(), optionsWith(invisible.fetch))).resolves.toMatchObject({ status: 200, body: { id: 'p' } });
    expect(invisible.sent).toHaveLength(2);
    const visible = recordingFetch(inTurn(503, 200));
    const error = await failureOf(publishCall(call({ visible: prepared }), optionsWith(visible.fetch)));
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect(error).toMatchObject({ status: 503, prepared });
    expect(visible.sent).toHaveLength(1);
  });

  it('a visible step throttled is RateLimited (nothing done), even with a short Retry-After, after one attempt', async () => {
    const { fetch, sent } = recordingFetch(() => new Response('{"code":8,"message":"slow"}', { status: 429, headers: { 'retry-after': '1' } }));
    const error = await failureOf(publishCall(call({ visible: prepared }), optionsWith(fetch)));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ retryAt: NOW + 1000 });
    expect(sent).toHaveLength(1);
  });

  it.each<[string, Route | undefined, string, string]>([
    ['a connection reset', throwing('ECONNRESET'), 'OutcomeUnknown', 'outcome unknown'],
    ['a socket closed mid-answer', throwing('UND_ERR_SOCKET'), 'OutcomeUnknown', 'outcome unknown'],
    ['a connection refused', throwing('ECONNREFUSED'), 'NetworkError', 'never sent'],
    ['a name that does not resolve', throwing('ENOTFOUND'), 'NetworkError', 'never sent'],
  ])('a visible step with %s: %s (%s)', async (_case, route, name) => {
    const { fetch } = recordingFetch(route ?? (() => json({})));
    const error = await failureOf(publishCall(call({ visible: prepared }), optionsWith(fetch)));
    expect(error.name).toBe(name);
    if (error instanceof NetworkError) expect(error.kind).toBe('unavailable');
  });

  it('a refused destination is never sent: NetworkError even on a visible step', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const error = await failureOf(publishCall(call({ url: 'http://169.254.169.254/latest', visible: prepared }), optionsWith(fetch)));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'unavailable' });
    expect(sent).toHaveLength(0);
  });

  it('an accepted visible step whose answer is too large to read is OutcomeUnknown with its status', async () => {
    const { fetch } = recordingFetch(() => new Response('x'.repeat(1024 * 1024 + 1), { status: 201 }));
    const error = await failureOf(publishCall(call({ visible: prepared }), optionsWith(fetch)));
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect(error).toMatchObject({ status: 201 });
  });

  it('encodes the bodies: JSON, form, bytes with their type, multipart with its boundary', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const options = optionsWith(fetch);
    await publishCall(call({ json: { text: 'hola' } }), options);
    await publishCall(call({ json: undefined, form: { message: 'hola' } }), options);
    await publishCall(call({ json: undefined, method: 'PUT', bytes: { data: new Uint8Array([1, 2, 3]), contentType: 'video/mp4' } }), options);
    const form = new FormData();
    form.append('segment_index', '0');
    form.append('media', new Blob([new Uint8Array([9, 8])], { type: 'video/mp4' }), 'media');
    await publishCall(call({ json: undefined, multipart: form }), options);
    expect(sent.map((r) => r.headers['content-type']?.split(';')[0])).toEqual(['application/json', 'application/x-www-form-urlencoded', 'video/mp4', 'multipart/form-data']);
    expect([sent[0]?.json, sent[1]?.form, sent[2]?.bytes]).toEqual([{ text: 'hola' }, { message: 'hola' }, new Uint8Array([1, 2, 3])]);
    expect(sent[3]?.multipart).toEqual({ segment_index: { value: '0' }, media: { bytes: new Uint8Array([9, 8]), type: 'video/mp4' } });
    expect(sent.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('returns a 3xx the caller names as an answer', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 308, headers: { range: 'bytes=0-9' } }));
    const answer = await publishCall(call({ method: 'PUT', json: undefined, answerStatuses: [308] }), optionsWith(fetch));
    expect([answer.status, answer.headers.get('range')]).toEqual([308, 'bytes=0-9']);
  });

  it('reports the usage of a successful answer', async () => {
    const usage: RateUsage[] = [];
    const { fetch } = recordingFetch(() => new Response('{}', { status: 200, headers: { 'x-app-usage': '{"call_count":70,"total_cputime":2,"total_time":3}' } }));
    await publishCall(call({ network: 'facebook' }), optionsWith(fetch, { onUsage: (item) => usage.push(item) }));
    expect(usage).toEqual([{ network: 'facebook', scope: 'app', resource: 'meta:app', usedPercent: 70 }]);
  });

  it("logs a visible step and a failure with the publication's key, never the token", async () => {
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const { fetch } = recordingFetch(() => json({ code: 1, message: `bad ${TOKEN}` }, 400));
    const error = await failureOf(publishCall(call({ visible: prepared, key: 'pub-77', url: `https://api.pinterest.com/v5/pins?access_token=${TOKEN}` }), optionsWith(fetch)));
    expect(info).toHaveBeenCalledWith('social publishing: visible step', { network: 'pinterest', resource: 'POST /pins', publication: 'pub-77' });
    expect(warn).toHaveBeenCalledWith('social publishing call failed', expect.objectContaining({ kind: 'rejected', status: 400, publication: 'pub-77', url: 'https://api.pinterest.com/v5/pins' }));
    expect(JSON.stringify([info.mock.calls, warn.mock.calls, (error as NetworkError).detail])).not.toContain(TOKEN);
  });
});

describe('handedUrl', () => {
  it.each<[string, string, RegExp | undefined, boolean]>([
    ['https on a host of the network', 'https://www.linkedin.com/dms-uploads/x?y=1', /(?:^|\.)linkedin\.com$/, true],
    ['https elsewhere', 'https://evil.example/x', /(?:^|\.)linkedin\.com$/, false],
    ['a look-alike host', 'https://linkedin.com.evil.example/x', /(?:^|\.)linkedin\.com$/, false],
    ['the configured origin over http (the sandbox)', 'http://sandbox.test:9010/youtube/upload/s?id=1', undefined, true],
    ['another port of the configured host', 'http://sandbox.test:9011/x', undefined, false],
    ['https without hosts allowed', 'https://www.googleapis.com.evil.example/x', undefined, false],
  ])('%s', (_case, url, hosts, allowed) => {
    const check = () => handedUrl('linkedin', url, ['http://sandbox.test:9010/youtube/upload'], hosts);
    if (allowed) expect(check()).toBe(new URL(url).toString());
    else expect(check).toThrow(NetworkError);
  });
});
