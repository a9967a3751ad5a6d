/**
 * X publishing (lambdas/platform/social/publish/x.ts) against API v2's documented shapes: image
 * uploads (multipart with the bytes read from our store), the chunked video upload (initialize,
 * append by ranges, finalize, STATUS), NotReady and resuming, the tweet, X's error and rate-limit
 * answers, the create never repeated, and findPublished over the recent tweets.
 */
import { describe, expect, it } from 'vitest';
import {
  createPublication,
  findPublished,
  NetworkError,
  NotReady,
  OutcomeUnknown,
  preparePublication,
  RateLimited,
  type Prepared,
  type RateUsage,
} from '../../../../../../lambdas/platform/social';
import { APPEND_CHUNK } from '../../../../../../lambdas/platform/social/publish/x';
import { appFor, BEARER, failureOf, json, mediaBytes, medium, NOW, optionsWith, recordingFetch, requestFor, type Route } from './fake';

const API = 'https://api.x.com/2';
const app = appFor('x');
const xRequest = (overrides = {}) => requestFor('x', { target: { id: 'account-1', kind: 'profile' }, ...overrides });
const textOnly: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'x', mediaIds: [], expiresAt: null };
const tweeted = () => json({ data: { id: '1799000000000000001', text: 'Hola desde Director IA' } }, 201);

describe('X prepare: media uploads', () => {
  it('a text post has nothing to upload', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    expect(await preparePublication(app, xRequest(), undefined, optionsWith(fetch))).toEqual(textOnly);
    expect(sent).toHaveLength(0);
  });

  it('images: each read from our store and sent as multipart media with media_category=tweet_image', async () => {
    let id = 0;
    const { fetch, sent, media } = recordingFetch(() => json({ data: { id: `m${++id}`, media_key: `3_m${id}`, size: 1, expires_after_secs: 86400 } }));
    const images = [medium('image', 300, 'a'), medium('image', 500, 'b')];
    const prepared = await preparePublication(app, xRequest({ media: images }), undefined, optionsWith(fetch));
    expect(prepared).toEqual({ v: 1, preparedAt: NOW, ready: true, network: 'x', mediaIds: ['m1', 'm2'], expiresAt: NOW + 86_400_000 });
    expect(media.map((r) => [r.endpoint, r.headers.range])).toEqual([
      ['https://media.example.test/a', undefined],
      ['https://media.example.test/b', undefined],
    ]);
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization])).toEqual([
      ['POST', `${API}/media/upload`, BEARER],
      ['POST', `${API}/media/upload`, BEARER],
    ]);
    expect(sent[1]?.multipart?.media_category).toEqual({ value: 'tweet_image' });
    expect(sent[1]?.multipart?.media?.type).toBe('image/jpeg');
    expect(sent[1]?.multipart?.media?.bytes).toEqual(mediaBytes(500));
  });

  it('a video: initialize, append each range as a numbered segment, finalize, then STATUS until succeeded', async () => {
    const size = APPEND_CHUNK + 100;
    const video = medium('video', size);
    let status = 0;
    const route: Route = (r) => {
      if (r.endpoint.endsWith('/initialize')) return json({ data: { id: 'v1', media_key: '7_v1', expires_after_secs: 3600 } });
      if (r.endpoint.endsWith('/append')) return new Response(null, { status: 204 });
      if (r.endpoint.endsWith('/finalize')) return json({ data: { id: 'v1', processing_info: { state: 'pending', check_after_secs: 1 } } });
      return json({ data: { id: 'v1', processing_info: { state: ++status < 2 ? 'in_progress' : 'succeeded' } } });
    };
    const { fetch, sent, media } = recordingFetch(route);
    const prepared = await preparePublication(app, xRequest({ media: [video] }), undefined, optionsWith(fetch));
    expect(prepared).toMatchObject({ mediaIds: ['v1'], ready: true });
    expect(sent.map((r) => [r.method, r.endpoint, r.query])).toEqual([
      ['POST', `${API}/media/upload/initialize`, {}],
      ['POST', `${API}/media/upload/v1/append`, {}],
      ['POST', `${API}/media/upload/v1/append`, {}],
      ['POST', `${API}/media/upload/v1/finalize`, {}],
      ['GET', `${API}/media/upload`, { media_id: 'v1', command: 'STATUS' }],
      ['GET', `${API}/media/upload`, { media_id: 'v1', command: 'STATUS' }],
    ]);
    expect(sent[0]?.json).toEqual({ media_type: 'video/mp4', total_bytes: size, media_category: 'tweet_video' });
    expect(media.map((r) => r.headers.range)).toEqual([`bytes=0-${APPEND_CHUNK - 1}`, `bytes=${APPEND_CHUNK}-${size - 1}`]);
    expect(sent.slice(1, 3).map((r) => [r.multipart?.segment_index?.value, r.multipart?.media?.bytes?.byteLength])).toEqual([
      ['0', APPEND_CHUNK],
      ['1', 100],
    ]);
    expect(sent[2]?.multipart?.media?.bytes).toEqual(mediaBytes(size).slice(APPEND_CHUNK));
  });

  it('a video X could not process is rejected', async () => {
    const route: Route = (r) => (r.endpoint.endsWith('/finalize') ? json({ data: { id: 'v1', processing_info: { state: 'failed' } } }) : json({ data: { id: 'v1' } }));
    const options = optionsWith(recordingFetch((r) => (r.method === 'GET' ? json({ data: { processing_info: { state: 'failed' } } }) : route(r))).fetch);
    expect(await failureOf(preparePublication(app, xRequest({ media: [medium('video', 10)] }), undefined, options))).toMatchObject({ kind: 'rejected' });
  });

  it('still processing when the budget ends: NotReady; the resume only checks the status', async () => {
    let processing = true;
    const { fetch, sent } = recordingFetch((r) => {
      if (r.method === 'GET') return json({ data: { processing_info: { state: processing ? 'in_progress' : 'succeeded' } } });
      if (r.endpoint.endsWith('/finalize')) return json({ data: { id: 'v1', expires_after_secs: 86400, processing_info: { state: 'pending' } } });
      return json({ data: { id: 'v1' } });
    });
    const request = xRequest({ media: [medium('video', 10)] });
    const error = await failureOf(preparePublication(app, request, undefined, optionsWith(fetch, { processingBudgetMs: 10_000 })));
    expect(error).toBeInstanceOf(NotReady);
    const { prepared } = error as NotReady;
    expect(prepared).toEqual({ v: 1, preparedAt: NOW, ready: false, network: 'x', mediaIds: ['v1'], expiresAt: NOW + 86_400_000 });
    processing = false;
    const before = sent.length;
    await expect(preparePublication(app, request, prepared, optionsWith(fetch))).resolves.toMatchObject({ ready: true, mediaIds: ['v1'] });
    expect(sent.slice(before).map((r) => r.method)).toEqual(['GET']);
  });

  it('reuses uploaded media until shortly before X forgets them, then uploads again', async () => {
    const { fetch, sent } = recordingFetch(() => json({ data: { id: 'm9', expires_after_secs: 86400 } }));
    const request = xRequest({ media: [medium('image', 10)] });
    const fresh: Prepared = { v: 1, preparedAt: NOW - 60_000, ready: true, network: 'x', mediaIds: ['m1'], expiresAt: NOW + 3600_000 };
    expect(await preparePublication(app, request, fresh, optionsWith(fetch))).toBe(fresh);
    expect(sent).toHaveLength(0);
    const stale = { ...fresh, expiresAt: NOW + 60_000 };
    expect(await preparePublication(app, request, stale, optionsWith(fetch))).toMatchObject({ mediaIds: ['m9'], preparedAt: NOW - 60_000 });
    expect(sent).toHaveLength(1);
  });
});

describe('X create', () => {
  it('POST /tweets with the text and the media ids; the URL names the username when known', async () => {
    const { fetch, sent } = recordingFetch(tweeted);
    const prepared: Prepared = { ...textOnly, mediaIds: ['m1', 'm2'] };
    const published = await createPublication(app, xRequest({ account: { id: 'account-1', username: 'marca' } }), prepared, optionsWith(fetch));
    expect(published).toEqual({ postId: '1799000000000000001', url: 'https://x.com/marca/status/1799000000000000001' });
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization, r.headers['content-type'], r.json])).toEqual([
      ['POST', `${API}/tweets`, BEARER, 'application/json; charset=UTF-8', { text: 'Hola desde Director IA', media: { media_ids: ['m1', 'm2'] } }],
    ]);
    const { fetch: plain } = recordingFetch(tweeted);
    expect((await createPublication(app, xRequest(), textOnly, optionsWith(plain))).url).toBe('https://x.com/i/web/status/1799000000000000001');
  });

  it('429: RateLimited at x-rate-limit-reset, the usage reported, one request', async () => {
    const usage: RateUsage[] = [];
    const reset = Math.floor(NOW / 1000) + 900;
    const { fetch, sent } = recordingFetch(
      () =>
        new Response(JSON.stringify({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }), {
          status: 429,
          headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
        }),
    );
    const error = await failureOf(createPublication(app, xRequest(), textOnly, optionsWith(fetch, { onUsage: (item) => usage.push(item) })));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAt: reset * 1000, scope: 'account', detail: 'Too Many Requests' });
    expect(usage).toEqual([{ network: 'x', scope: 'account', resource: 'x:POST /tweets', usedPercent: 100, remaining: 0, limit: 100, resetAt: reset * 1000 }]);
    expect(sent).toHaveLength(1);
  });

  it.each([
    [403, { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 }, 'rejected'],
    [403, { detail: 'You are not permitted to perform this action.', type: 'about:blank', title: 'Forbidden', status: 403 }, 'denied'],
    [401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }, 'invalid_grant'],
    [400, { errors: [{ message: 'text too long' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' }, 'rejected'],
  ])('HTTP %i %#: NetworkError %s', async (status, body, kind) => {
    const { fetch } = recordingFetch(() => json(body, status));
    const error = await failureOf(createPublication(app, xRequest(), textOnly, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind, status, detail: body.detail });
  });

  it.each<[string, () => never, string]>([
    [
      'a timeout',
      () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
      'OutcomeUnknown',
    ],
    [
      'a connection reset',
      () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
      },
      'OutcomeUnknown',
    ],
    [
      'a connection refused (never sent)',
      () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      },
      'NetworkError',
    ],
  ])('%s on the tweet: %s, after one attempt', async (_case, fail, name) => {
    const { fetch, sent } = recordingFetch(fail);
    const error = await failureOf(createPublication(app, xRequest(), textOnly, optionsWith(fetch)));
    expect(error).toBeInstanceOf(name === 'OutcomeUnknown' ? OutcomeUnknown : NetworkError);
    if (error instanceof NetworkError) expect(error.kind).toBe('unavailable');
    expect(sent).toHaveLength(1);
  });
});

describe('X findPublished', () => {
  it("finds our text among the recent tweets, X's t.co links and escaped entities notwithstanding", async () => {
    const request = xRequest({ text: 'Ofertas & novedades: https://marca.example/oferta' });
    const { fetch, sent } = recordingFetch(() =>
      json({
        data: [
          { id: '2', text: 'Otra cosa', created_at: new Date(NOW + 1000).toISOString() },
          { id: '1', text: 'Ofertas &amp; novedades: https://t.co/AbCdEf https://t.co/media', created_at: new Date(NOW + 2000).toISOString() },
        ],
        meta: { result_count: 2 },
      }),
    );
    expect(await findPublished(app, request, textOnly, optionsWith(fetch))).toEqual({ postId: '1', url: 'https://x.com/i/web/status/1' });
    expect(sent.map((r) => [r.method, r.endpoint, r.query, r.headers.authorization])).toEqual([
      ['GET', `${API}/users/account-1/tweets`, { max_results: '10', 'tweet.fields': 'created_at' }, BEARER],
    ]);
  });

  it('is null when the timeline is empty', async () => {
    const { fetch } = recordingFetch(() => json({ meta: { result_count: 0 } }));
    expect(await findPublished(app, xRequest(), textOnly, optionsWith(fetch))).toBeNull();
  });
});
