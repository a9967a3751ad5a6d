/**
 * Facebook page publishing (lambdas/platform/social/publish/facebook.ts) against Graph API's
 * documented shapes: text, one photo, several photos (unpublished uploads in prepare, then one
 * feed post with attached_media) and video; Meta's error body as NetworkError kinds and
 * throttling as RateLimited; the create never retried; findPublished searching the page feed.
 */
import { describe, expect, it } from 'vitest';
import {
  createPublication,
  findPublished,
  NetworkError,
  OutcomeUnknown,
  preparePublication,
  RateLimited,
  type Prepared,
  type RateUsage,
} from '../../../../../../lambdas/platform/social';
import { appFor, BEARER, failureOf, json, medium, NOW, optionsWith, recordingFetch, requestFor, type Route } from './fake';

const GRAPH = 'https://graph.facebook.com/v25.0';
const app = appFor('facebook');
const page = (overrides = {}) => requestFor('facebook', { target: { id: '1234', kind: 'page' }, ...overrides });

async function publish(route: Route, request = page()) {
  const { fetch, sent } = recordingFetch(route);
  const options = optionsWith(fetch);
  const prepared = await preparePublication(app, request, undefined, options);
  const published = await createPublication(app, request, prepared, options);
  return { prepared, published, sent };
}

describe('Facebook publishing', () => {
  it('text: nothing to prepare, then POST /{page}/feed with message and link', async () => {
    const { prepared, published, sent } = await publish(() => json({ id: '1234_5678' }), page({ link: 'https://marca.example/oferta' }));
    expect(prepared).toEqual({ v: 1, preparedAt: NOW, ready: true, network: 'facebook', photoIds: [] });
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization, r.form])).toEqual([
      ['POST', `${GRAPH}/1234/feed`, BEARER, { message: 'Hola desde Director IA', link: 'https://marca.example/oferta' }],
    ]);
    expect(published).toEqual({ postId: '1234_5678', url: 'https://www.facebook.com/1234_5678' });
  });

  it('one image: POST /{page}/photos with url, caption and published=true; the post id is post_id', async () => {
    const image = medium('image', 2048);
    const { published, sent } = await publish(() => json({ id: '777', post_id: '1234_778' }), page({ media: [image] }));
    expect(sent.map((r) => [r.method, r.endpoint, r.form])).toEqual([['POST', `${GRAPH}/1234/photos`, { url: image.url, caption: 'Hola desde Director IA', published: 'true' }]]);
    expect(published).toEqual({ postId: '1234_778', url: 'https://www.facebook.com/1234_778' });
  });

  it('several images: unpublished photos in prepare, then one feed post attaching them', async () => {
    const images = [medium('image', 10, 'a'), medium('image', 20, 'b')];
    let photo = 0;
    const route: Route = (r) => (r.endpoint.endsWith('/photos') ? json({ id: `photo-${++photo}` }) : json({ id: '1234_900' }));
    const { prepared, published, sent } = await publish(route, page({ media: images }));
    expect(prepared).toMatchObject({ network: 'facebook', photoIds: ['photo-1', 'photo-2'], ready: true });
    expect(sent.map((r) => [r.endpoint, r.form])).toEqual([
      [`${GRAPH}/1234/photos`, { url: images[0]?.url, published: 'false' }],
      [`${GRAPH}/1234/photos`, { url: images[1]?.url, published: 'false' }],
      [`${GRAPH}/1234/feed`, { message: 'Hola desde Director IA', 'attached_media[0]': '{"media_fbid":"photo-1"}', 'attached_media[1]': '{"media_fbid":"photo-2"}' }],
    ]);
    expect(published.postId).toBe('1234_900');
  });

  it('video: POST /{page}/videos with file_url, description and title', async () => {
    const video = medium('video', 4096);
    const { published, sent } = await publish(() => json({ id: '4242' }), page({ media: [video], title: 'Nuestro vídeo' }));
    expect(sent.map((r) => [r.endpoint, r.form])).toEqual([[`${GRAPH}/1234/videos`, { file_url: video.url, description: 'Hola desde Director IA', title: 'Nuestro vídeo' }]]);
    expect(published).toEqual({ postId: '4242', url: 'https://www.facebook.com/4242' });
  });

  it('refuses a video mixed with images before calling Meta', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const error = await failureOf(preparePublication(app, page({ media: [medium('image', 1), medium('video', 1)] }), undefined, optionsWith(fetch)));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'rejected' });
    expect(sent).toHaveLength(0);
  });

  it.each([
    [400, { code: 100, type: 'OAuthException', message: '(#100) Invalid parameter' }, 'rejected'],
    [400, { code: 368, type: 'OAuthException', message: 'The action attempted has been deemed abusive' }, 'rejected'],
    [400, { code: 190, type: 'OAuthException', error_subcode: 460, message: 'Error validating access token: The session has been invalidated' }, 'invalid_grant'],
    [403, { code: 200, type: 'OAuthException', message: '(#200) Requires pages_manage_posts permission' }, 'denied'],
    [500, { code: 2, type: 'OAuthException', is_transient: true, message: 'Service temporarily unavailable' }, 'unavailable'],
  ])('reads Meta error body %#  (HTTP %i) as %s, with Meta words as the detail', async (status, error, kind) => {
    const { fetch } = recordingFetch(() => json({ error: { ...error, fbtrace_id: 'AbC' } }, status));
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, page(), undefined, options);
    const failure = await failureOf(createPublication(app, page(), prepared, options));
    if (status >= 500) {
      // A 5xx after the visible request was sent: maybe published.
      expect(failure).toBeInstanceOf(OutcomeUnknown);
      return;
    }
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ kind, status, detail: error.message });
  });

  it('throttled (code 32): RateLimited at the estimated time to regain access, usage reported', async () => {
    const usage: RateUsage[] = [];
    const business = { '1234': [{ type: 'pages', call_count: 100, total_cputime: 40, total_time: 60, estimated_time_to_regain_access: 12 }] };
    const { fetch } = recordingFetch(
      () =>
        new Response(JSON.stringify({ error: { code: 32, type: 'OAuthException', message: 'Page request limit reached' } }), {
          status: 400,
          headers: { 'x-business-use-case-usage': JSON.stringify(business), 'x-app-usage': '{"call_count":8,"total_cputime":3,"total_time":5}' },
        }),
    );
    const options = optionsWith(fetch, { onUsage: (item) => usage.push(item) });
    const prepared = await preparePublication(app, page(), undefined, options);
    const error = await failureOf(createPublication(app, page(), prepared, options));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ kind: 'rate_limited', scope: 'account', retryAt: NOW + 12 * 60_000 });
    expect(usage).toEqual([
      { network: 'facebook', scope: 'app', resource: 'meta:app', usedPercent: 8 },
      { network: 'facebook', scope: 'account', resource: 'meta:pages:1234', usedPercent: 100, resetAt: NOW + 12 * 60_000 },
    ]);
  });

  it('never repeats the create: a 503 is one request and OutcomeUnknown carrying the prepared state', async () => {
    const { fetch, sent } = recordingFetch(() => new Response('upstream', { status: 503 }));
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, page(), undefined, options);
    const error = await failureOf(createPublication(app, page(), prepared, options));
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as OutcomeUnknown).prepared).toEqual(prepared);
    expect(sent).toHaveLength(1);
  });

  describe('findPublished', () => {
    const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'facebook', photoIds: [] };
    const feed = (posts: unknown[]) => () => json({ data: posts, paging: {} });
    const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString().replace('.000Z', '+0000');

    it('asks the page feed as documented and finds our message', async () => {
      const { fetch, sent } = recordingFetch(
        feed([
          { id: '1234_1', message: 'Otra cosa', created_time: at(60_000) },
          { id: '1234_2', message: 'Hola desde  Director IA\n', created_time: at(30_000), permalink_url: 'https://www.facebook.com/marca/posts/2' },
        ]),
      );
      const found = await findPublished(app, page(), prepared, optionsWith(fetch));
      expect(found).toEqual({ postId: '1234_2', url: 'https://www.facebook.com/marca/posts/2' });
      expect(sent.map((r) => [r.method, r.endpoint, r.query, r.headers.authorization])).toEqual([
        ['GET', `${GRAPH}/1234/feed`, { fields: 'id,message,created_time,permalink_url', limit: '25' }, BEARER],
      ]);
    });

    it('is null when our message is not there, or only in a post older than the publication', async () => {
      const { fetch } = recordingFetch(feed([{ id: '1234_3', message: 'Hola desde Director IA', created_time: at(-24 * 3600_000) }]));
      expect(await findPublished(app, page(), prepared, optionsWith(fetch))).toBeNull();
    });

    it('is unknowable for a post without text to look for', async () => {
      const { fetch } = recordingFetch(feed([]));
      expect(await findPublished(app, page({ text: '', media: [medium('image', 1)] }), prepared, optionsWith(fetch))).toBe('unknowable');
    });
  });
});
