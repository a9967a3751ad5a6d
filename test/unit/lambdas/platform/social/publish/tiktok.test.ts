/**
 * TikTok publishing (lambdas/platform/social/publish/tiktok.ts) against the Content Posting API's
 * documented shapes: creator_info and the privacy level, the FILE_UPLOAD init and every chunk but
 * the last in prepare (the publish_id is stored before anything is visible), the last chunk as the
 * one visible step, the PULL_FROM_URL photo init, the status fetch (64-bit post ids kept exact),
 * TikTok's error bodies, the chunk plan, and findPublished.
 */
import { describe, expect, it } from 'vitest';
import { createPublication, findPublished, NetworkError, OutcomeUnknown, preparePublication, RateLimited, type Prepared } from '../../../../../../lambdas/platform/social';
import { CHUNK, tiktokChunks } from '../../../../../../lambdas/platform/social/publish/tiktok';
import { appFor, BEARER, failureOf, json, mediaBytes, medium, NOW, optionsWith, recordingFetch, requestFor, type Route } from './fake';

const API = 'https://open.tiktokapis.com/v2';
const UPLOAD_URL = 'https://open-upload.tiktokapis.com/video/?upload_id=67890&upload_token=Xza123';
const POST_ID = '7345678901234567890';
const app = appFor('tiktok');
const video = medium('video', 3000);
const ttRequest = (overrides = {}) => requestFor('tiktok', { target: { id: 'open-1', kind: 'profile' }, media: [video], ...overrides });
const ok = { code: 'ok', message: '', log_id: '202606011200000001' };
/** What prepare leaves for photos (nothing uploaded yet). */
const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'tiktok', privacyLevel: 'PUBLIC_TO_EVERYONE', username: 'marca', publishId: null, uploadUrl: null };
/** What prepare leaves for a video: its init done, every chunk but the last uploaded. */
const videoPrepared: Prepared = { ...prepared, publishId: 'v_pub_file~v2-1.123', uploadUrl: UPLOAD_URL };
/** A status answer, raw: TikTok's post ids are 64-bit numbers JSON cannot hold exactly. */
const statusAnswer = (status: string, postIds = '') =>
  new Response(`{"data":{"status":"${status}","publicaly_available_post_id":[${postIds}],"uploaded_bytes":3000},"error":{"code":"ok","message":"","log_id":"1"}}`, {
    headers: { 'content-type': 'application/json' },
  });

/** TikTok answering creator_info, the inits, the upload and the status (`status`). */
function tiktokApi(status: () => Response = () => statusAnswer('PUBLISH_COMPLETE', POST_ID), upload: (range: string) => Response = () => new Response(null, { status: 201 })): Route {
  return (r) => {
    if (r.endpoint.endsWith('/creator_info/query/'))
      return json({ data: { creator_username: 'marca', creator_nickname: 'Marca', privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] }, error: ok });
    if (r.endpoint.endsWith('/video/init/')) return json({ data: { publish_id: 'v_pub_file~v2-1.123', upload_url: UPLOAD_URL }, error: ok });
    if (r.endpoint.endsWith('/content/init/')) return json({ data: { publish_id: 'p_pub_url~v2.456' }, error: ok });
    if (r.method === 'PUT') return upload(r.headers['content-range'] ?? '');
    return status();
  };
}

describe('TikTok prepare', () => {
  it('asks creator_info and keeps the privacy level asked when it is offered', async () => {
    const { fetch, sent } = recordingFetch(tiktokApi());
    const photos = ttRequest({ media: [medium('image', 10)] });
    expect(await preparePublication(app, photos, undefined, optionsWith(fetch))).toEqual(prepared);
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization, r.headers['content-type'], r.json])).toEqual([
      ['POST', `${API}/post/publish/creator_info/query/`, BEARER, 'application/json; charset=UTF-8', undefined],
    ]);
    expect(await preparePublication(app, { ...photos, privacy: 'private' }, undefined, optionsWith(fetch))).toMatchObject({ privacyLevel: 'SELF_ONLY' });
  });

  it('a video: the FILE_UPLOAD init in prepare, so the publish_id is stored before the visible last chunk', async () => {
    const { fetch, sent } = recordingFetch(tiktokApi());
    expect(await preparePublication(app, ttRequest(), undefined, optionsWith(fetch))).toEqual(videoPrepared);
    expect(sent.map((r) => [r.method, r.endpoint])).toEqual([
      ['POST', `${API}/post/publish/creator_info/query/`],
      ['POST', `${API}/post/publish/video/init/`],
    ]);
    expect(sent[1]?.json).toEqual({
      post_info: { title: 'Hola desde Director IA', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false },
      source_info: { source: 'FILE_UPLOAD', video_size: 3000, chunk_size: 3000, total_chunk_count: 1 },
    });
  });

  it('in chunks: every chunk but the last goes in prepare; a refused one is an ordinary error (nothing visible)', async () => {
    const size = 2 * CHUNK + 5;
    const request = ttRequest({ media: [medium('video', size)] });
    const { fetch, sent } = recordingFetch(tiktokApi(undefined, () => new Response(null, { status: 206 })));
    expect(await preparePublication(app, request, undefined, optionsWith(fetch))).toEqual(videoPrepared);
    expect(sent[1]?.json).toMatchObject({ source_info: { video_size: size, chunk_size: CHUNK, total_chunk_count: 2 } });
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.headers['content-range'])).toEqual([`bytes 0-${CHUNK - 1}/${size}`]);

    const { fetch: refused } = recordingFetch(tiktokApi(undefined, () => json({ error: { code: 'invalid_params', message: 'bad range', log_id: '2' } }, 400)));
    const early = await failureOf(preparePublication(app, request, undefined, optionsWith(refused)));
    expect(early).toBeInstanceOf(NetworkError);
    expect(early).toMatchObject({ kind: 'rejected', detail: 'bad range' });
  });

  it('sends no bytes to an upload URL off TikTok', async () => {
    const size = 2 * CHUNK + 5;
    const { fetch, sent } = recordingFetch((r) => (r.endpoint.endsWith('/video/init/') ? json({ data: { publish_id: 'x', upload_url: 'https://evil.example/u' }, error: ok }) : tiktokApi()(r)));
    expect(await failureOf(preparePublication(app, ttRequest({ media: [medium('video', size)] }), undefined, optionsWith(fetch)))).toMatchObject({ kind: 'unavailable' });
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('refuses a level the creator is not offered (an unaudited app: SELF_ONLY only)', async () => {
    const { fetch } = recordingFetch(() => json({ data: { creator_username: 'marca', privacy_level_options: ['SELF_ONLY'] }, error: ok }));
    expect(await failureOf(preparePublication(app, ttRequest(), undefined, optionsWith(fetch)))).toMatchObject({ kind: 'rejected' });
  });
});

describe('TikTok create', () => {
  it('a video: the last chunk PUT with Content-Range (the visible step), then the status: the exact public post id and URL', async () => {
    const { fetch, sent } = recordingFetch(tiktokApi());
    const published = await createPublication(app, ttRequest(), videoPrepared, optionsWith(fetch));
    expect(published).toEqual({ postId: POST_ID, url: `https://www.tiktok.com/@marca/video/${POST_ID}` });
    expect(sent.map((r) => [r.method, r.url.toString(), r.headers.authorization])).toEqual([
      ['PUT', UPLOAD_URL, undefined],
      ['POST', `${API}/post/publish/status/fetch/`, BEARER],
    ]);
    expect([sent[0]?.headers['content-range'], sent[0]?.headers['content-type'], sent[0]?.bytes]).toEqual(['bytes 0-2999/3000', 'video/mp4', mediaBytes(3000)]);
    expect(sent[1]?.json).toEqual({ publish_id: 'v_pub_file~v2-1.123' });
  });

  it('a video before prepare started its upload is the caller’s mistake, and nothing is sent', async () => {
    const { fetch, sent } = recordingFetch(tiktokApi());
    await expect(createPublication(app, ttRequest(), prepared, optionsWith(fetch))).rejects.toThrow(/after prepare/);
    expect(sent).toHaveLength(0);
  });

  it('still processing after the upload: the publish_id, without URL (findPublished tells later)', async () => {
    const { fetch } = recordingFetch(tiktokApi(() => statusAnswer('PROCESSING_UPLOAD')));
    expect(await createPublication(app, ttRequest(), videoPrepared, optionsWith(fetch))).toEqual({ postId: 'v_pub_file~v2-1.123', url: null });
  });

  it('the last chunk lost is OutcomeUnknown carrying the publish_id', async () => {
    const size = 2 * CHUNK + 5;
    const request = ttRequest({ media: [medium('video', size)] });
    const { fetch, sent } = recordingFetch(tiktokApi(undefined, () => new Response('oops', { status: 502 })));
    const error = await failureOf(createPublication(app, request, videoPrepared, optionsWith(fetch)));
    expect(sent.map((r) => [r.method, r.headers['content-range']])).toEqual([['PUT', `bytes ${CHUNK}-${size - 1}/${size}`]]);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as OutcomeUnknown).prepared).toEqual(videoPrepared);
  });

  it('photos: the visible PULL_FROM_URL content init with the images, title and description', async () => {
    const images = [medium('image', 10, 'a'), medium('image', 20, 'b')];
    const { fetch, sent } = recordingFetch(tiktokApi(() => statusAnswer('PROCESSING_DOWNLOAD')));
    const published = await createPublication(app, ttRequest({ media: images, title: 'Novedades' }), prepared, optionsWith(fetch));
    expect(published).toEqual({ postId: 'p_pub_url~v2.456', url: null });
    expect([sent[0]?.endpoint, sent[0]?.json]).toEqual([
      `${API}/post/publish/content/init/`,
      {
        post_info: { title: 'Novedades', description: 'Hola desde Director IA', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false },
        source_info: { source: 'PULL_FROM_URL', photo_images: [images[0]?.url, images[1]?.url], photo_cover_index: 0 },
        post_mode: 'DIRECT_POST',
        media_type: 'PHOTO',
      },
    ]);
  });

  it.each([
    [429, { code: 'rate_limit_exceeded', message: 'API rate limit exceeded', log_id: '3' }, 'rate_limited'],
    [401, { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: '4' }, 'invalid_grant'],
    [403, { code: 'unaudited_client_can_only_post_to_private_accounts', message: 'Please review our integration guidelines', log_id: '5' }, 'rejected'],
    [200, { code: 'spam_risk_too_many_posts', message: 'The daily post cap is reached', log_id: '6' }, 'rate_limited'],
  ])('HTTP %i with TikTok error %#: %s', async (status, error, kind) => {
    const { fetch, sent } = recordingFetch(() => json({ data: {}, error }, status));
    // The photo init is the visible step that answers TikTok's JSON errors.
    const failure = await failureOf(createPublication(app, ttRequest({ media: [medium('image', 10)] }), prepared, optionsWith(fetch)));
    expect(failure).toMatchObject({ kind });
    if (kind === 'rate_limited') expect(failure).toBeInstanceOf(RateLimited);
    expect(sent).toHaveLength(1);
  });

});

describe('TikTok findPublished', () => {
  const started = videoPrepared;

  it.each<[string, () => Response, unknown]>([
    ['PUBLISH_COMPLETE', () => statusAnswer('PUBLISH_COMPLETE', POST_ID), { postId: POST_ID, url: `https://www.tiktok.com/@marca/video/${POST_ID}` }],
    ['SEND_TO_USER_INBOX', () => statusAnswer('SEND_TO_USER_INBOX'), { postId: 'v_pub_file~v2-1.123', url: null }],
    ['FAILED', () => json({ data: { status: 'FAILED', fail_reason: 'file_format_check_failed' }, error: ok }), null],
  ])('%s', async (_status, answer, expected) => {
    const { fetch, sent } = recordingFetch(answer);
    expect(await findPublished(app, ttRequest(), started, optionsWith(fetch))).toEqual(expected);
    expect(sent.map((r) => [r.method, r.endpoint, r.json])).toEqual([['POST', `${API}/post/publish/status/fetch/`, { publish_id: 'v_pub_file~v2-1.123' }]]);
  });

  it('PROCESSING_UPLOAD: asks again while the budget lasts, then null (creating again re-sends the same publish’s last chunk)', async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() => (++calls < 3 ? statusAnswer('PROCESSING_UPLOAD') : statusAnswer('PUBLISH_COMPLETE', POST_ID)));
    expect(await findPublished(app, ttRequest(), started, optionsWith(fetch))).toMatchObject({ postId: POST_ID });
    expect(calls).toBe(3);
    const { fetch: stuck, sent } = recordingFetch(() => statusAnswer('PROCESSING_UPLOAD'));
    expect(await findPublished(app, ttRequest(), started, { ...optionsWith(stuck), processingBudgetMs: 2500 })).toBeNull();
    expect(sent.length).toBeGreaterThan(1);
  });

  it('a private post has no public URL', async () => {
    const { fetch } = recordingFetch(() => statusAnswer('PUBLISH_COMPLETE', POST_ID));
    expect(await findPublished(app, ttRequest(), { ...started, privacyLevel: 'SELF_ONLY' }, optionsWith(fetch))).toEqual({ postId: POST_ID, url: null });
  });

  it('without a publish_id: null for a video (nothing uploaded), unknowable for photos', async () => {
    const { fetch, sent } = recordingFetch(tiktokApi());
    expect(await findPublished(app, ttRequest(), prepared, optionsWith(fetch))).toBeNull();
    expect(await findPublished(app, ttRequest({ media: [medium('image', 1)] }), prepared, optionsWith(fetch))).toBe('unknowable');
    expect(sent).toHaveLength(0);
  });
});

describe('tiktokChunks', () => {
  it.each([
    [3000, 3000, 1],
    [CHUNK - 1, CHUNK - 1, 1],
    [CHUNK, CHUNK, 1],
    [2 * CHUNK + 5, CHUNK, 2],
    [5000 * CHUNK, 5 * CHUNK, 1000],
  ])('%i bytes: chunks of %i, %i of them, covering every byte once', (size, chunkSize, count) => {
    const plan = tiktokChunks(size);
    expect(plan.chunkSize).toBe(chunkSize);
    expect(plan.ranges).toHaveLength(count);
    expect(plan.ranges[0]?.start).toBe(0);
    expect(plan.ranges.at(-1)?.end).toBe(size - 1);
    for (const [index, range] of plan.ranges.entries()) if (index > 0) expect(range.start).toBe((plan.ranges[index - 1]?.end ?? 0) + 1);
  });
});
