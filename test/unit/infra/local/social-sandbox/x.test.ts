/**
 * X publishing as its v2 API does (issue 13): posts measured with twitter-text, duplicates refused,
 * image upload, chunked video upload with processing and STATUS, media ids bound to their
 * uploader, scopes, recent posts, and the rate-limit headers (enforced per user and endpoint).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formWith, xImage } from './publishers';
import { callApi, connectWith, eventually, jpeg, mp4, postJson, publisher, publishingEnv, send, TARGET } from './support';

const env = publishingEnv();
let token: string;
let api: string;

beforeAll(async () => {
  token = await env.tokenFor('x');
  api = env.t.sandbox.apps().x.urls.api;
});

const tweet = (body: unknown, bearer = token) => postJson(`${api}/tweets`, bearer, body);
const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });

describe('posts', () => {
  it('answers 201 {data:{id, text, edit_history_tweet_ids}}', async () => {
    const answer = await tweet({ text: 'Hola, X' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ data: { id: expect.stringMatching(/^\d{19}$/), text: 'Hola, X', edit_history_tweet_ids: [answer.body.data.id] } });
  });

  it('measures text as X does (CJK weighs 2: 140 fit, 141 do not)', async () => {
    expect((await tweet({ text: '中'.repeat(140) })).status).toBe(201);
    const over = await tweet({ text: '文'.repeat(141) });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ title: 'Invalid Request', type: 'https://api.twitter.com/2/problems/invalid-request', errors: [{ message: expect.stringContaining('282') }] });
  });

  it('refuses a post without text or media, and a body that is not JSON', async () => {
    expect((await tweet({})).body).toMatchObject({ title: 'Invalid Request', errors: [expect.any(Object)] });
    expect((await send(`${api}/tweets`, { method: 'POST', headers: auth(), body: new URLSearchParams({ text: 'x' }) })).status).toBe(400);
  });

  it('refuses duplicate content, as X does', async () => {
    expect((await tweet({ text: 'Mismo texto dos veces' })).status).toBe(201);
    const again = await tweet({ text: 'Mismo texto dos veces' });
    expect(again).toMatchObject({ status: 403, body: { title: 'Forbidden', status: 403, detail: 'You are not allowed to create a Tweet with duplicate content.' } });
    expect(env.t.sandbox.posts('x').filter((post) => post.text === 'Mismo texto dos veces')).toHaveLength(1);
  });

  it('needs tweet.write', async () => {
    const readOnly = await connectWith(env.t.sandbox, 'x', { scope: 'tweet.read users.read offline.access' });
    expect((await tweet({ text: 'sin permiso' }, readOnly.body.access_token)).body).toMatchObject({ status: 403, title: 'Forbidden' });
  });
});

describe('media', () => {
  it('image upload answers id, media_key, size and the image; up to 4 images per post', async () => {
    const form = formWith({ media_category: 'tweet_image' }, { field: 'media', bytes: jpeg(1200, 675), type: 'image/jpeg', name: 'a.jpg' });
    const upload = await send(`${api}/media/upload`, { method: 'POST', headers: auth(), body: form });
    expect(upload.body).toEqual({
      data: { id: expect.stringMatching(/^\d{19}$/), media_key: `3_${upload.body.data.id}`, size: 2048, expires_after_secs: 86_400, image: { image_type: 'image/jpeg', w: 1200, h: 675 } },
    });
    const ids = [upload.body.data.id, await xImage(env.t.sandbox, token), await xImage(env.t.sandbox, token), await xImage(env.t.sandbox, token)];
    expect((await tweet({ text: 'Cuatro fotos', media: { media_ids: ids } })).status).toBe(201);
    expect(env.t.sandbox.posts('x').at(-1)?.media).toHaveLength(4);
    expect((await tweet({ text: 'Cinco fotos', media: { media_ids: [...ids, await xImage(env.t.sandbox, token)] } })).status).toBe(400);
  });

  it('takes base64 media_data too, and refuses a video through the simple upload', async () => {
    const body = new URLSearchParams({ media_data: jpeg(10, 10).toString('base64') });
    expect((await send(`${api}/media/upload`, { method: 'POST', headers: auth(), body })).status).toBe(200);
    const video = new URLSearchParams({ media_category: 'tweet_video', media_data: mp4(1024).toString('base64') });
    expect((await send(`${api}/media/upload`, { method: 'POST', headers: auth(), body: video })).status).toBe(400);
  });

  it('chunked video: initialize, append, finalize (processing), STATUS until succeeded, then post', async () => {
    const video = mp4(300 * 1024);
    const init = await postJson(`${api}/media/upload/initialize`, token, { media_type: 'video/mp4', total_bytes: video.length, media_category: 'tweet_video' });
    const id = init.body.data.id;
    expect(init.body.data).toEqual({ id, media_key: `7_${id}`, expires_after_secs: 86_400 });
    for (const [index, part] of [video.subarray(0, 200 * 1024), video.subarray(200 * 1024)].entries()) {
      const form = formWith({ segment_index: String(index) }, { field: 'media', bytes: Buffer.from(part), type: 'application/octet-stream', name: 'blob' });
      expect((await send(`${api}/media/upload/${id}/append`, { method: 'POST', headers: auth(), body: form })).status).toBe(200);
    }
    const finalized = await postJson(`${api}/media/upload/${id}/finalize`, token, {});
    expect(finalized.body.data).toMatchObject({ id, size: video.length, processing_info: { state: 'pending', check_after_secs: 1 } });
    expect((await tweet({ text: 'Vídeo sin procesar', media: { media_ids: [id] } })).body.errors[0].message).toBe('Your media IDs are invalid.');
    const status = () => send(`${api}/media/upload?media_id=${id}&command=STATUS`, { headers: auth() });
    expect((await status()).body.data.processing_info.state).toBe('in_progress');
    await eventually(async () => (await status()).body.data.processing_info.state === 'succeeded');
    expect((await tweet({ text: 'Vídeo procesado', media: { media_ids: [id] } })).status).toBe(201);
    expect(env.t.sandbox.posts('x').at(-1)?.media).toMatchObject([{ type: 'video/mp4', size: video.length }]);
  });

  it('finalize refuses a size that is not total_bytes', async () => {
    const init = await postJson(`${api}/media/upload/initialize`, token, { media_type: 'video/mp4', total_bytes: 5000, media_category: 'tweet_video' });
    const form = formWith({ segment_index: '0' }, { field: 'media', bytes: mp4(4000), type: 'application/octet-stream', name: 'blob' });
    await send(`${api}/media/upload/${init.body.data.id}/append`, { method: 'POST', headers: auth(), body: form });
    const finalized = await postJson(`${api}/media/upload/${init.body.data.id}/finalize`, token, {});
    expect(finalized.body.errors[0].message).toContain('mismatch');
  });

  it('media ids are the uploader’s only, and unknown ones are invalid', async () => {
    const other = await publisher(env.t.sandbox, 'x');
    const theirs = await xImage(env.t.sandbox, other.token);
    expect((await tweet({ text: 'Foto ajena', media: { media_ids: [theirs] } })).body.errors[0].message).toBe('Your media IDs are invalid.');
    expect((await tweet({ text: 'Foto inventada', media: { media_ids: ['1800000000000000000'] } })).status).toBe(400);
  });

  it('needs media.write to upload', async () => {
    const noMedia = await connectWith(env.t.sandbox, 'x', { scope: 'tweet.read tweet.write users.read offline.access' });
    expect((await postJson(`${api}/media/upload/initialize`, noMedia.body.access_token, { media_type: 'video/mp4', total_bytes: 10 })).status).toBe(403);
  });
});

describe('recent posts and rate limits', () => {
  it('lists the user’s posts newest first', async () => {
    const recent = await send(`${api}/users/${TARGET.x}/tweets?max_results=10&tweet.fields=created_at`, { headers: auth() });
    const ours = env.t.sandbox.posts('x').reverse().slice(0, 10);
    expect(recent.body.data.map((item: { id: string }) => item.id)).toEqual(ours.map((post) => post.id));
    expect(recent.body.data[0]).toEqual({ id: ours[0]?.id, text: ours[0]?.text, edit_history_tweet_ids: [ours[0]?.id], created_at: ours[0]?.time });
    expect(recent.body.meta).toEqual({ result_count: ours.length, newest_id: ours[0]?.id, oldest_id: ours.at(-1)?.id });
    expect((await send(`${api}/users/${TARGET.x}/tweets?max_results=2`, { headers: auth() })).status).toBe(400);
    expect((await send(`${api}/users/42/tweets`, { headers: auth() })).body).toEqual({ meta: { result_count: 0 } });
  });

  it('every answer carries x-rate-limit-*; past the limit the answer is 429 until the reset', async () => {
    const fresh = await publisher(env.t.sandbox, 'x');
    const first = await send(`${api}/users/me`, { headers: auth(fresh.token) });
    expect(first.headers.get('x-rate-limit-limit')).toBe('75');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('74');
    const reset = Number(first.headers.get('x-rate-limit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    for (let call = 2; call <= 75; call += 1) await callApi(env.t.sandbox, 'x', '/users/me', fresh.token);
    const over = await send(`${api}/users/me`, { headers: auth(fresh.token) });
    expect(over.status).toBe(429);
    expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(over.headers.get('x-rate-limit-reset'))).toBe(reset);
    const created = await tweet({ text: 'Otro endpoint, otro contador' }, fresh.token);
    expect(created.status).toBe(201);
    expect(created.headers.get('x-rate-limit-limit')).toBe('100');
  });
});
