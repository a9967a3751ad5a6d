/**
 * LinkedIn publishing as its REST API does (issue 13): posts answer 201 with `x-restli-id`, images
 * go initializeUpload → PUT (Bearer) → AVAILABLE, invalid content is 422, the author must be the
 * member, duplicates are refused naming the earlier post, and the feed shows little text unescaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { littleText } from '../../../../../infra/local/social-sandbox/linkedin';
import { linkedinImage, linkedinPost } from './publishers';
import { connectWith, jpeg, postJson, publisher, send, startTestSandbox, TARGET, type TestSandbox } from './support';

let t: TestSandbox;
let token: string;
let api: string;
const HEADERS = { 'LinkedIn-Version': '202610', 'X-Restli-Protocol-Version': '2.0.0' };

beforeAll(async () => {
  t = await startTestSandbox();
  token = (await publisher(t.sandbox, 'linkedin')).token;
  api = t.sandbox.apps().linkedin.urls.api;
});
afterAll(() => t.close());

const post = (body: unknown, bearer = token) => postJson(`${api}/rest/posts`, bearer, body, HEADERS);

describe('posts', () => {
  it('answers 201 with an empty body and x-restli-id: urn:li:share:<n>', async () => {
    const answer = await post(linkedinPost('Primera publicación'));
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('');
    expect(answer.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d{19}$/);
  });

  it.each([
    [{ commentary: 'a'.repeat(3001) }, 'commentary'],
    [{ visibility: 'EVERYONE' }, 'visibility'],
    [{ lifecycleState: 'DRAFT' }, 'lifecycleState'],
    [{ distribution: {} }, 'feedDistribution'],
    [{ commentary: '' }, 'commentary'],
    [{ content: { media: { id: 'urn:li:image:D4E10AQNOPE' } } }, 'not found'],
  ])('refuses invalid content with 422 (%#)', async (change, message) => {
    const answer = await post({ ...linkedinPost('Contenido'), ...change });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ status: 422, message: expect.stringContaining(message) });
  });

  it('posts only as the member; needs w_member_social and LinkedIn-Version', async () => {
    expect((await post({ ...linkedinPost('Como otro'), author: 'urn:li:person:otro' })).body).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    const noWrite = await connectWith(t.sandbox, 'linkedin', { scope: 'openid profile' });
    expect((await post(linkedinPost('Sin permiso'), noWrite.body.access_token)).status).toBe(403);
    expect((await postJson(`${api}/rest/posts`, token, linkedinPost('Sin versión'))).body.code).toBe('VERSION_MISSING');
  });

  it('refuses the same commentary twice, naming the earlier post', async () => {
    const first = await post(linkedinPost('Texto repetido'));
    const again = await post(linkedinPost('Texto repetido'));
    expect(again).toMatchObject({ status: 422, body: { message: `Content is a duplicate of ${first.headers.get('x-restli-id')}` } });
  });

  it('shows little text as readers see it', async () => {
    await post(linkedinPost('Oferta \\(hoy\\) {hashtag|\\#|marca} para @[Ana](urn:li:person:abc)'));
    expect(t.sandbox.posts('linkedin').at(-1)?.text).toBe('Oferta (hoy) #marca para @Ana');
    expect(littleText('sin escapes')).toBe('sin escapes');
  });
});

describe('images', () => {
  it('initializeUpload → WAITING_UPLOAD → PUT → AVAILABLE, then a post with it', async () => {
    const init = await postJson(`${api}/rest/images?action=initializeUpload`, token, { initializeUploadRequest: { owner: TARGET.linkedin } }, HEADERS);
    expect(init.body).toEqual({ value: { uploadUrlExpiresAt: expect.any(Number), uploadUrl: expect.stringContaining('/linkedin/upload/images/'), image: expect.stringMatching(/^urn:li:image:/) } });
    const { uploadUrl, image } = init.body.value;
    const read = () => send(`${api}/rest/images/${encodeURIComponent(image)}`, { headers: { authorization: `Bearer ${token}`, ...HEADERS } });
    expect((await read()).body).toEqual({ owner: TARGET.linkedin, status: 'WAITING_UPLOAD', id: image });
    expect((await post(linkedinPost('Antes de subir', image))).body.message).toContain('WAITING_UPLOAD');
    expect((await send(uploadUrl, { method: 'PUT', body: new Uint8Array(jpeg(100, 100)) })).status).toBe(401);
    expect((await send(uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: 'no es una imagen' })).status).toBe(400);
    expect((await send(uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg(1200, 627)) })).status).toBe(201);
    expect((await read()).body).toMatchObject({ status: 'AVAILABLE', downloadUrl: expect.stringContaining('/media/m_') });
    expect((await post(linkedinPost('Con imagen', image))).status).toBe(201);
    expect(t.sandbox.posts('linkedin').at(-1)?.media).toMatchObject([{ type: 'image/jpeg' }]);
  });

  it('several images as multiImage', async () => {
    const images = [await linkedinImage(t.sandbox, token), await linkedinImage(t.sandbox, token)];
    const body = { ...linkedinPost('Dos imágenes'), content: { multiImage: { images: images.map((id) => ({ id, altText: 'Foto' })) } } };
    expect((await post(body)).status).toBe(201);
    expect(t.sandbox.posts('linkedin').at(-1)?.media).toHaveLength(2);
  });

  it('initializeUpload only for the member, with ?action=initializeUpload', async () => {
    expect((await postJson(`${api}/rest/images?action=initializeUpload`, token, { initializeUploadRequest: { owner: 'urn:li:organization:1' } }, HEADERS)).status).toBe(403);
    expect((await postJson(`${api}/rest/images`, token, { initializeUploadRequest: { owner: TARGET.linkedin } }, HEADERS)).status).toBe(400);
  });
});
