/**
 * TikTok's Content Posting API as documented (issue 13): creator info, an unaudited client limited
 * to SELF_ONLY, FILE_UPLOAD chunk rules and chunked PUTs with Content-Range, photos pulled from
 * URLs, the status flow (PROCESSING_* → PUBLISH_COMPLETE / SEND_TO_USER_INBOX / FAILED), and the
 * per-token init limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tiktokStatus, tiktokVideoInit } from './publishers';
import { connectWith, eventually, mp4, postJson, publisher, publishingEnv, send } from './support';

const env = publishingEnv();
let token: string;
let api: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  token = await env.tokenFor('tiktok');
  api = env.t.sandbox.apps().tiktok.urls.api;
});

/** A fresh token: TikTok allows 6 inits a minute per token. */
const freshToken = async () => (await publisher(env.t.sandbox, 'tiktok')).token;

const photos = (bearer: string, urls: string[], mode = 'DIRECT_POST', privacy = 'SELF_ONLY') =>
  postJson(`${api}/post/publish/content/init/`, bearer, {
    post_info: { title: 'Fotos de prueba', description: 'Descripción de las fotos', privacy_level: privacy },
    source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
    post_mode: mode,
    media_type: 'PHOTO',
  });

const finalStatus = (bearer: string, publishId: string) =>
  eventually(async () => {
    const answer = await tiktokStatus(env.t.sandbox, bearer, publishId);
    return !answer.body.data.status.startsWith('PROCESSING') && answer.body;
  });

describe('creator info and privacy', () => {
  it('creator_info lists the privacy options', async () => {
    const info = await postJson(`${api}/post/publish/creator_info/query/`, token, {});
    expect(info.body).toEqual({
      data: expect.objectContaining({ creator_nickname: 'Cuenta de pruebas', privacy_level_options: expect.arrayContaining(['SELF_ONLY', 'PUBLIC_TO_EVERYONE']), max_video_post_duration_sec: 600 }),
      error: { code: 'ok', message: '', log_id: expect.any(String) },
    });
  });

  it('an unaudited client may only post SELF_ONLY; an unknown level is a mismatch', async () => {
    const bearer = await freshToken();
    const open = await tiktokVideoInit(env.t.sandbox, bearer, 'Público', 1000, 'PUBLIC_TO_EVERYONE');
    expect(open).toMatchObject({ status: 403, body: { error: { code: 'unaudited_client_can_only_post_to_private_accounts' } } });
    expect((await tiktokVideoInit(env.t.sandbox, bearer, 'Raro', 1000, 'EVERYBODY')).body.error.code).toBe('privacy_level_option_mismatch');
  });

  it('needs video.publish to post directly', async () => {
    const uploadOnly = await connectWith(env.t.sandbox, 'tiktok', { scope: 'user.info.basic,video.upload' });
    const answer = await tiktokVideoInit(env.t.sandbox, uploadOnly.body.access_token, 'Sin permiso', 1000);
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'scope_not_authorized' } } });
  });
});

describe('video FILE_UPLOAD', () => {
  it.each([
    [4 * MB, 2 * MB, 2, 'under 5 MB'],
    [12 * MB, 4 * MB, 3, 'chunk_size'],
    [12 * MB, 5 * MB, 3, 'total_chunk_count'],
  ])('refuses video_size %i, chunk_size %i, %i chunks (%s)', async (videoSize, chunkSize, count, message) => {
    const answer = await postJson(`${api}/post/publish/video/init/`, await freshToken(), {
      post_info: { title: 'x', privacy_level: 'SELF_ONLY' },
      source_info: { source: 'FILE_UPLOAD', video_size: videoSize, chunk_size: chunkSize, total_chunk_count: count },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_params', message: expect.stringContaining(message) } } });
  });

  it('two chunks: 206, then 201; PROCESSING_UPLOAD, then PUBLISH_COMPLETE without a public id', async () => {
    const bearer = await freshToken();
    const video = mp4(12 * MB);
    const init = await postJson(`${api}/post/publish/video/init/`, bearer, {
      post_info: { title: 'Vídeo en dos partes #prueba', privacy_level: 'SELF_ONLY', disable_comment: false },
      source_info: { source: 'FILE_UPLOAD', video_size: video.length, chunk_size: 5 * MB, total_chunk_count: 2 },
    });
    const { publish_id: publishId, upload_url: uploadUrl } = init.body.data;
    expect(publishId).toMatch(/^v_pub_file~v2-1\.\d+$/);
    const chunk = (start: number, end: number) =>
      send(uploadUrl, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${end - 1}/${video.length}` }, body: new Uint8Array(video.subarray(start, end)) });
    expect((await chunk(0, 5 * MB)).status).toBe(206);
    expect((await tiktokStatus(env.t.sandbox, bearer, publishId)).body.data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 5 * MB });
    expect((await chunk(5 * MB, video.length)).status).toBe(201);
    const done = await finalStatus(bearer, publishId);
    expect(done.data).toEqual({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [], uploaded_bytes: video.length, downloaded_bytes: 0 });
    const post = env.t.sandbox.posts('tiktok').find((candidate) => candidate.refs?.publishId === publishId);
    expect(post).toMatchObject({ text: 'Vídeo en dos partes #prueba', visibility: 'SELF_ONLY', url: null, media: [{ type: 'video/mp4', size: video.length }] });
  });

  it('checks the upload URL, Content-Range and Content-Type', async () => {
    const bearer = await freshToken();
    const video = mp4(2000);
    const init = await tiktokVideoInit(env.t.sandbox, bearer, 'Comprobaciones', video.length);
    const url = new URL(init.body.data.upload_url);
    const putWith = (target: string, headers: Record<string, string>) => send(target, { method: 'PUT', headers, body: new Uint8Array(video) });
    const range = `bytes 0-${video.length - 1}/${video.length}`;
    const forged = new URL(url);
    forged.searchParams.set('upload_token', 'otro');
    expect((await putWith(forged.href, { 'content-type': 'video/mp4', 'content-range': range })).status).toBe(404);
    expect((await putWith(url.href, { 'content-type': 'video/mp4' })).status).toBe(400);
    expect((await putWith(url.href, { 'content-type': 'video/mp4', 'content-range': `bytes 0-${video.length - 1}/9999` })).status).toBe(400);
    expect((await putWith(url.href, { 'content-type': 'image/jpeg', 'content-range': range })).status).toBe(415);
    expect((await putWith(url.href, { 'content-type': 'video/mp4', 'content-range': range })).status).toBe(201);
  });

  it('PULL_FROM_URL video: PROCESSING_DOWNLOAD, then PUBLISH_COMPLETE', async () => {
    const bearer = await freshToken();
    const init = await postJson(`${api}/post/publish/video/init/`, bearer, { post_info: { title: 'Desde URL', privacy_level: 'SELF_ONLY' }, source_info: { source: 'PULL_FROM_URL', video_url: `${env.media.url}/clip.mp4` } });
    expect((await tiktokStatus(env.t.sandbox, bearer, init.body.data.publish_id)).body.data.status).toBe('PROCESSING_DOWNLOAD');
    expect((await finalStatus(bearer, init.body.data.publish_id)).data).toMatchObject({ status: 'PUBLISH_COMPLETE', downloaded_bytes: 64 * 1024 });
  });
});

describe('photos PULL_FROM_URL', () => {
  it('pulls every photo and completes with them', async () => {
    const bearer = await freshToken();
    const init = await photos(bearer, [`${env.media.url}/square.jpg`, `${env.media.url}/wide.jpg`]);
    expect(init.body.data.publish_id).toMatch(/^p_pub_url~v2\.\d+$/);
    expect((await finalStatus(bearer, init.body.data.publish_id)).data.status).toBe('PUBLISH_COMPLETE');
    expect(env.t.sandbox.posts('tiktok').find((post) => post.refs?.publishId === init.body.data.publish_id)).toMatchObject({
      title: 'Fotos de prueba',
      text: 'Descripción de las fotos',
      media: [{ type: 'image/jpeg' }, { type: 'image/jpeg' }],
    });
  });

  it.each([
    ['missing.jpg', 'photo_pull_failed'],
    ['photo.png', 'picture_format_check_failed'],
  ])('%s: FAILED with %s and no post', async (file, reason) => {
    const bearer = await freshToken();
    const before = env.t.sandbox.posts('tiktok').length;
    const init = await photos(bearer, [`${env.media.url}/${file}`]);
    expect((await finalStatus(bearer, init.body.data.publish_id)).data).toMatchObject({ status: 'FAILED', fail_reason: reason });
    expect(env.t.sandbox.posts('tiktok')).toHaveLength(before);
  });

  it('MEDIA_UPLOAD goes to the inbox: SEND_TO_USER_INBOX and no post', async () => {
    const bearer = await freshToken();
    const before = env.t.sandbox.posts('tiktok').length;
    const init = await photos(bearer, [`${env.media.url}/square.jpg`], 'MEDIA_UPLOAD');
    expect((await finalStatus(bearer, init.body.data.publish_id)).data.status).toBe('SEND_TO_USER_INBOX');
    expect(env.t.sandbox.posts('tiktok')).toHaveLength(before);
  });

  it.each([
    [[], 'photo_images'],
    [Array.from({ length: 36 }, () => 'https://example.com/a.jpg'), 'photo_images'],
  ])('refuses %# photo lists', async (urls, message) => {
    expect((await photos(await freshToken(), urls as string[])).body.error).toMatchObject({ code: 'invalid_params', message: expect.stringContaining(message) });
  });
});

describe('status and limits', () => {
  it('an unknown or someone else’s publish_id is invalid_publish_id', async () => {
    expect((await tiktokStatus(env.t.sandbox, token, 'v_pub_file~v2-1.1')).body.error.code).toBe('invalid_publish_id');
    const mine = await tiktokVideoInit(env.t.sandbox, await freshToken(), 'Mío', 1000);
    expect((await tiktokStatus(env.t.sandbox, await freshToken(), mine.body.data.publish_id)).body.error.code).toBe('invalid_publish_id');
  });

  it('allows 6 inits a minute per token, then rate_limit_exceeded', async () => {
    const bearer = await freshToken();
    for (let call = 0; call < 6; call += 1) expect((await tiktokVideoInit(env.t.sandbox, bearer, `Init ${call}`, 1000)).status).toBe(200);
    const over = await tiktokVideoInit(env.t.sandbox, bearer, 'Uno de más', 1000);
    expect(over).toMatchObject({ status: 429, body: { error: { code: 'rate_limit_exceeded' } } });
    expect((await tiktokVideoInit(env.t.sandbox, await freshToken(), 'Otro token', 1000)).status).toBe(200);
  });
});
