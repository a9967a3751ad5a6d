/**
 * YouTube's resumable upload as the Data API documents it (issue 13), at the new `urls.upload`
 * base: the session POST, chunks answered 308 with `Range`, the status PUT (`bytes *\/N`), the
 * finishing PUT with the (private) video, a finished session answering its video again instead of
 * a second one, the metadata checks and the upload scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { youtubeSession } from './publishers';
import { connectWith, mp4, postJson, publishingEnv, send } from './support';

const env = publishingEnv();
let token: string;
let upload: string;

beforeAll(async () => {
  token = await env.tokenFor('youtube');
  upload = env.t.sandbox.apps().youtube.urls.upload ?? '';
});

const put = (session: string, headers: Record<string, string>, body?: Buffer) => send(session, { method: 'PUT', headers, ...(body ? { body: new Uint8Array(body) } : {}) });

describe('resumable upload', () => {
  it('the session URI is on the upload base', async () => {
    expect(upload).toBe(`${env.t.sandbox.url}/youtube/upload`);
    const session = await youtubeSession(env.t.sandbox, token, 'Sesión', 1000);
    expect(session).toMatch(new RegExp(`^${upload}/videos\\?uploadType=resumable&part=snippet,status&upload_id=`));
  });

  it('chunks: 308 with Range, the status PUT says how far, the last chunk gives 201 and the video', async () => {
    const video = mp4(256 * 1024);
    const session = await youtubeSession(env.t.sandbox, token, 'Vídeo por partes', video.length);
    const status = () => put(session, { 'content-range': `bytes */${video.length}` });
    const none = await status();
    expect(none.status).toBe(308);
    expect(none.headers.get('range')).toBeNull();
    const first = await put(session, { 'content-type': 'video/mp4', 'content-range': `bytes 0-99999/${video.length}` }, video.subarray(0, 100_000));
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe('bytes=0-99999');
    expect((await status()).headers.get('range')).toBe('bytes=0-99999');
    // A chunk that does not continue the session: told where to resume.
    const gap = await put(session, { 'content-range': `bytes 200000-${video.length - 1}/${video.length}` }, video.subarray(200_000));
    expect(gap.status).toBe(308);
    expect(gap.headers.get('range')).toBe('bytes=0-99999');
    const last = await put(session, { 'content-type': 'video/mp4', 'content-range': `bytes 100000-${video.length - 1}/${video.length}` }, video.subarray(100_000));
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({
      kind: 'youtube#video',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      snippet: { title: 'Vídeo por partes', description: 'Descripción de Vídeo por partes', channelId: 'UCsandbox000000000000001', categoryId: '22' },
      status: { uploadStatus: 'uploaded', privacyStatus: 'private', selfDeclaredMadeForKids: false },
    });
    const after = await status();
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(last.body.id);
    const stored = env.t.sandbox.posts('youtube').find((post) => post.id === last.body.id);
    expect(stored?.media[0]?.size).toBe(video.length);
    expect(Buffer.from(await (await fetch(stored?.media[0]?.url ?? '')).arrayBuffer()).equals(video)).toBe(true);
  });

  it('a finished session answers its video to any further PUT: one video only', async () => {
    const video = mp4();
    const session = await youtubeSession(env.t.sandbox, token, 'Subida repetida', video.length);
    const first = await put(session, { 'content-type': 'video/mp4' }, video);
    const again = await put(session, { 'content-type': 'video/mp4' }, video);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(env.t.sandbox.posts('youtube').filter((post) => post.title === 'Subida repetida')).toHaveLength(1);
  });

  it('refuses a size that is not X-Upload-Content-Length and an unknown session', async () => {
    const session = await youtubeSession(env.t.sandbox, token, 'Tamaño distinto', 5000);
    expect((await put(session, { 'content-type': 'video/mp4' }, mp4(4000))).status).toBe(400);
    expect((await put(`${upload}/videos?uploadType=resumable&upload_id=nope`, { 'content-type': 'video/mp4' }, mp4(4000))).status).toBe(404);
  });

  it('lists the uploaded video with GET /videos', async () => {
    const id = env.t.sandbox.posts('youtube')[0]?.id ?? '';
    const listed = await send(`${env.t.sandbox.apps().youtube.urls.api}/videos?part=snippet,status&id=${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.body.items).toEqual([expect.objectContaining({ id, status: expect.objectContaining({ privacyStatus: 'private' }) })]);
  });
});

describe('session checks', () => {
  const start = (body: unknown, headers: Record<string, string> = {}, query = 'uploadType=resumable&part=snippet,status', bearer = token) =>
    postJson(`${upload}/videos?${query}`, bearer, body, { 'X-Upload-Content-Type': 'video/mp4', 'X-Upload-Content-Length': '1000', ...headers });

  it.each([
    [{ snippet: { title: '' } }, 'invalidTitle'],
    [{ snippet: { title: 'x'.repeat(101) } }, 'invalidTitle'],
    [{ snippet: { title: 'Con <etiqueta>' } }, 'invalidTitle'],
    [{ snippet: { title: 'Bien', description: 'ñ'.repeat(2501) } }, 'invalidDescription'],
    [{ snippet: { title: 'Bien', categoryId: 'gente' } }, 'invalidCategoryId'],
    [{ snippet: { title: 'Bien' }, status: { privacyStatus: 'secreto' } }, 'invalidPrivacyStatus'],
  ])('refuses bad metadata (%#: %s)', async (body, reason) => {
    const answer = await start(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 400, errors: [expect.objectContaining({ reason })] });
  });

  it('refuses a non-video type, another uploadType, and a token without the upload scope', async () => {
    expect((await start({ snippet: { title: 'x' } }, { 'X-Upload-Content-Type': 'image/png' })).body.error.errors[0].reason).toBe('mediaTypeNotSupported');
    expect((await start({ snippet: { title: 'x' } }, {}, 'uploadType=multipart&part=snippet')).status).toBe(400);
    const readOnly = await connectWith(env.t.sandbox, 'youtube', { scope: 'https://www.googleapis.com/auth/youtube.readonly' });
    const refused = await start({ snippet: { title: 'x' } }, {}, undefined, readOnly.body.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.status).toBe('PERMISSION_DENIED');
  });
});
