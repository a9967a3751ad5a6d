/**
 * Instagram publishing (lambdas/platform/social/publish/instagram.ts) against the documented
 * shapes: containers (image, REELS, carousel children then CAROUSEL) and waiting for FINISHED in
 * prepare, resuming from NotReady, the content_publishing_limit read before media_publish, the
 * permalink read best effort, Meta's error body, and findPublished from the container status.
 */
import { describe, expect, it } from 'vitest';
import {
  createPublication,
  findPublished,
  instagramPublishingLimit,
  NetworkError,
  NotReady,
  OutcomeUnknown,
  preparePublication,
  RateLimited,
  type Prepared,
} from '../../../../../../lambdas/platform/social';
import { appFor, BEARER, failureOf, json, medium, NOW, optionsWith, recordingFetch, requestFor, type Route, type Sent } from './fake';

const GRAPH = 'https://graph.facebook.com/v25.0';
const IG = '17841400000000001';
const app = appFor('instagram');
const image = medium('image', 2048);
const video = medium('video', 8192);
const igRequest = (overrides = {}) => requestFor('instagram', { target: { id: IG, kind: 'instagram' }, media: [image], ...overrides });

/** Meta answering: containers c1, c2…, statuses from `statuses` (per container, the last one repeats), the limit, publish and permalink. */
function meta(statuses: Record<string, string[]> = {}, limit = { quota_usage: 3, config: { quota_total: 100, quota_duration: 86400 } }): Route {
  let container = 0;
  const asked: Record<string, number> = {};
  return (r: Sent) => {
    const path = r.url.pathname.replace('/v25.0', '');
    if (r.method === 'POST' && path === `/${IG}/media`) return json({ id: `c${++container}` });
    if (r.method === 'POST' && path === `/${IG}/media_publish`) return json({ id: 'm1' });
    if (path === `/${IG}/content_publishing_limit`) return json({ data: [limit] });
    if (path === '/m1') return json({ permalink: 'https://www.instagram.com/p/AbC/', id: 'm1' });
    if (path === `/${IG}/media`) return json({ data: [] });
    const id = path.slice(1);
    const list = statuses[id] ?? ['FINISHED'];
    const index = Math.min(asked[id] ?? 0, list.length - 1);
    asked[id] = (asked[id] ?? 0) + 1;
    return json({ status_code: list[index], id });
  };
}

describe('Instagram prepare: containers', () => {
  it('an image: one container with image_url and caption, checked until FINISHED', async () => {
    const { fetch, sent } = recordingFetch(meta({ c1: ['IN_PROGRESS', 'FINISHED'] }));
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, igRequest(), undefined, options);
    expect(prepared).toEqual({ v: 1, preparedAt: NOW, ready: true, network: 'instagram', children: [], containerId: 'c1' });
    expect(sent.map((r) => [r.method, r.endpoint, r.query, r.form, r.headers.authorization])).toEqual([
      ['POST', `${GRAPH}/${IG}/media`, {}, { image_url: image.url, caption: 'Hola desde Director IA' }, BEARER],
      ['GET', `${GRAPH}/c1`, { fields: 'status_code' }, undefined, BEARER],
      ['GET', `${GRAPH}/c1`, { fields: 'status_code' }, undefined, BEARER],
    ]);
    expect(options.slept).toEqual([5_000]);
  });

  it('a video: a REELS container with video_url', async () => {
    const { fetch, sent } = recordingFetch(meta());
    await preparePublication(app, igRequest({ media: [video] }), undefined, optionsWith(fetch));
    expect(sent[0]?.form).toEqual({ media_type: 'REELS', video_url: video.url, caption: 'Hola desde Director IA' });
  });

  it('a carousel: one child per item (is_carousel_item), then CAROUSEL with the children and the caption', async () => {
    const { fetch, sent } = recordingFetch(meta());
    const prepared = await preparePublication(app, igRequest({ media: [image, video] }), undefined, optionsWith(fetch));
    expect(prepared).toMatchObject({ children: ['c1', 'c2'], containerId: 'c3', ready: true });
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.form)).toEqual([
      { image_url: image.url, is_carousel_item: 'true' },
      { media_type: 'VIDEO', video_url: video.url, is_carousel_item: 'true' },
      { media_type: 'CAROUSEL', children: 'c1,c2', caption: 'Hola desde Director IA' },
    ]);
  });

  it('a container Meta could not process (ERROR) is rejected', async () => {
    const { fetch } = recordingFetch(meta({ c1: ['ERROR'] }));
    expect(await failureOf(preparePublication(app, igRequest(), undefined, optionsWith(fetch)))).toMatchObject({ name: 'NetworkError', kind: 'rejected' });
  });

  it('still processing when the budget ends: NotReady with the container; a resume waits for it instead of making another', async () => {
    const { fetch, sent } = recordingFetch(meta({ c1: ['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'FINISHED'] }));
    const error = await failureOf(preparePublication(app, igRequest({ media: [video] }), undefined, optionsWith(fetch, { processingBudgetMs: 6_000 })));
    expect(error).toBeInstanceOf(NotReady);
    const notReady = error as NotReady;
    expect(notReady).toMatchObject({ kind: 'unavailable', retryAt: NOW + 10_000 });
    expect(notReady.prepared).toMatchObject({ network: 'instagram', containerId: 'c1', ready: false, preparedAt: NOW });
    const resumed = await preparePublication(app, igRequest({ media: [video] }), notReady.prepared, optionsWith(fetch));
    expect(resumed).toMatchObject({ containerId: 'c1', ready: true, preparedAt: NOW });
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an expired container is made again on resume', async () => {
    const { fetch, sent } = recordingFetch(meta({ old: ['EXPIRED'] }));
    const previous: Prepared = { v: 1, preparedAt: NOW - 1000, ready: true, network: 'instagram', children: [], containerId: 'old' };
    await expect(preparePublication(app, igRequest(), previous, optionsWith(fetch))).resolves.toMatchObject({ containerId: 'c1', ready: true, preparedAt: NOW - 1000 });
    expect(sent.map((r) => [r.method, r.url.pathname])).toEqual([
      ['GET', '/v25.0/old'],
      ['POST', `/v25.0/${IG}/media`],
      ['GET', '/v25.0/c1'],
    ]);
  });

  it("Meta's refusal of a medium (code 9004) is rejected with Meta's words", async () => {
    const { fetch } = recordingFetch(() =>
      json({ error: { message: 'Only photo or video can be accepted as media type.', type: 'OAuthException', code: 9004, error_subcode: 2207052, fbtrace_id: 'X' } }, 400),
    );
    const error = await failureOf(preparePublication(app, igRequest(), undefined, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'rejected', detail: 'Only photo or video can be accepted as media type.' });
  });
});

describe('Instagram create', () => {
  const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'instagram', children: [], containerId: 'c1' };

  it('reads the publishing limit, publishes the container and reads its permalink', async () => {
    const { fetch, sent } = recordingFetch(meta());
    expect(await createPublication(app, igRequest(), prepared, optionsWith(fetch))).toEqual({ postId: 'm1', url: 'https://www.instagram.com/p/AbC/' });
    expect(sent.map((r) => [r.method, r.endpoint, r.query, r.form])).toEqual([
      ['GET', `${GRAPH}/${IG}/content_publishing_limit`, { fields: 'config,quota_usage' }, undefined],
      ['POST', `${GRAPH}/${IG}/media_publish`, {}, { creation_id: 'c1' }],
      ['GET', `${GRAPH}/m1`, { fields: 'permalink' }, undefined],
    ]);
  });

  it('at the publishing cap: RateLimited in an hour, and nothing published', async () => {
    const { fetch, sent } = recordingFetch(meta({}, { quota_usage: 100, config: { quota_total: 100, quota_duration: 86400 } }));
    const error = await failureOf(createPublication(app, igRequest(), prepared, optionsWith(fetch)));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ scope: 'account', retryAt: NOW + 3600_000 });
    expect(sent.some((r) => r.endpoint.endsWith('/media_publish'))).toBe(false);
  });

  it('instagramPublishingLimit answers the usage and the cap as Meta reports them', async () => {
    const { fetch } = recordingFetch(meta({}, { quota_usage: 7, config: { quota_total: 50, quota_duration: 86400 } }));
    await expect(instagramPublishingLimit(app, igRequest(), { fetch })).resolves.toEqual({ used: 7, total: 50, durationSeconds: 86400 });
  });

  it('a permalink that cannot be read leaves the post published, without URL', async () => {
    const base = meta();
    const { fetch } = recordingFetch((r) => (r.url.pathname.endsWith('/m1') ? json({ error: { code: 1, type: 'OAuthException', message: 'x' } }, 500) : base(r)));
    expect(await createPublication(app, igRequest(), prepared, optionsWith(fetch))).toEqual({ postId: 'm1', url: null });
  });

  it('a connection dropped after media_publish was sent is OutcomeUnknown, sent once', async () => {
    const base = meta();
    const { fetch, sent } = recordingFetch((r) => {
      if (r.url.pathname.endsWith('/media_publish')) throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
      return base(r);
    });
    const error = await failureOf(createPublication(app, igRequest(), prepared, optionsWith(fetch)));
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as OutcomeUnknown).prepared).toEqual(prepared);
    expect(sent.filter((r) => r.url.pathname.endsWith('/media_publish'))).toHaveLength(1);
  });

  it('refuses a state prepare did not finish (the engine must resume it first)', async () => {
    const { fetch, sent } = recordingFetch(meta());
    await expect(createPublication(app, igRequest(), { ...prepared, ready: false }, optionsWith(fetch))).rejects.toThrow(/ready/);
    expect(sent).toHaveLength(0);
  });
});

describe('Instagram findPublished', () => {
  const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'instagram', children: [], containerId: 'c1' };
  const recent = { data: [{ id: 'm9', caption: 'Hola desde Director IA', permalink: 'https://www.instagram.com/p/Z/', timestamp: '2027-01-15T08:01:00+0000' }] };

  it('PUBLISHED: our caption among the recent media', async () => {
    const base = meta({ c1: ['PUBLISHED'] });
    const { fetch, sent } = recordingFetch((r) => (r.method === 'GET' && r.url.pathname.endsWith(`/${IG}/media`) ? json(recent) : base(r)));
    expect(await findPublished(app, igRequest(), prepared, optionsWith(fetch))).toEqual({ postId: 'm9', url: 'https://www.instagram.com/p/Z/' });
    expect(sent.map((r) => [r.endpoint, r.query])).toEqual([
      [`${GRAPH}/c1`, { fields: 'status_code' }],
      [`${GRAPH}/${IG}/media`, { fields: 'id,caption,permalink,timestamp', limit: '25' }],
    ]);
  });

  it('PUBLISHED but not among the recent media: unknowable', async () => {
    const { fetch } = recordingFetch(meta({ c1: ['PUBLISHED'] }));
    expect(await findPublished(app, igRequest(), prepared, optionsWith(fetch))).toBe('unknowable');
  });

  it('FINISHED: not published (null); no container yet: null without asking', async () => {
    const { fetch, sent } = recordingFetch(meta({ c1: ['FINISHED'] }));
    expect(await findPublished(app, igRequest(), prepared, optionsWith(fetch))).toBeNull();
    expect(await findPublished(app, igRequest(), { ...prepared, containerId: null }, optionsWith(fetch))).toBeNull();
    expect(sent).toHaveLength(1);
  });
});
