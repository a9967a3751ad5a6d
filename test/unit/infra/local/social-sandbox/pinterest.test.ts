/**
 * Pinterest pins as the v5 API documents them (issue 13): a pin on one of the account's boards
 * from an image URL (fetched) or base64, Pinterest's `{code, message}` errors for unknown boards,
 * unfetchable images and over-long fields, the scopes, and the board's recent pins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { connectWith, jpeg, postJson, publishingEnv, send, TARGET } from './support';

const env = publishingEnv();
let token: string;
let api: string;

beforeAll(async () => {
  token = await env.tokenFor('pinterest');
  api = env.t.sandbox.apps().pinterest.urls.api;
});

const pin = (body: Record<string, unknown>, bearer = token) =>
  postJson(`${api}/pins`, bearer, { board_id: TARGET.pinterest, description: 'Descripción', media_source: { source_type: 'image_url', url: `${env.media.url}/tall.jpg` }, ...body });

describe('pins', () => {
  it('creates a pin from an image URL: 201 with the pin, fetched once', async () => {
    const answer = await pin({ title: 'Título', link: 'https://example.com/producto', alt_text: 'Texto alternativo' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.stringMatching(/^\d{18}$/),
      board_id: TARGET.pinterest,
      title: 'Título',
      description: 'Descripción',
      link: 'https://example.com/producto',
      alt_text: 'Texto alternativo',
      media: { media_type: 'image', images: { originals: { url: expect.stringContaining('/media/m_'), width: 1080, height: 1920 } } },
    });
    expect(env.media.hits.filter((hit) => hit === '/tall.jpg')).toHaveLength(1);
    expect(env.t.sandbox.posts('pinterest').at(-1)).toMatchObject({ title: 'Título', link: 'https://example.com/producto', url: `https://www.pinterest.com/pin/${answer.body.id}/` });
  });

  it('creates a pin from base64', async () => {
    const answer = await pin({ media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: jpeg(600, 900).toString('base64') } });
    expect(answer.status).toBe(201);
    expect(answer.body.media.images.originals).toMatchObject({ width: 600, height: 900 });
  });

  it.each([
    [{ board_id: '900000000000000999' }, 404, 'Board not found.'],
    [{ board_id: undefined }, 400, 'board_id'],
    [{ media_source: { source_type: 'image_url', url: `http://127.0.0.1:9/nada.jpg` } }, 400, 'could not fetch the image'],
    [{ media_source: { source_type: 'video_id', media_id: '1' } }, 400, 'source_type'],
    [{ description: 'a'.repeat(501) }, 400, 'description'],
    [{ title: 'a'.repeat(101) }, 400, 'title'],
    [{ link: 'ftp://example.com' }, 400, 'link'],
  ])('refuses %o', async (change, status, message) => {
    const answer = await pin(change);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: expect.any(Number), message: expect.stringContaining(message) });
  });

  it('an HTML page is not an image', async () => {
    expect((await pin({ media_source: { source_type: 'image_url', url: `${env.media.url}/page.html` } })).body.message).toContain('could not fetch the image');
  });

  it('needs pins:write', async () => {
    const readOnly = await connectWith(env.t.sandbox, 'pinterest', { scope: 'boards:read,pins:read,user_accounts:read' });
    expect((await pin({}, readOnly.body.access_token)).body).toEqual({ code: 29, message: 'You are not permitted to access that resource.' });
  });

  it('lists the board’s pins newest first, with bookmarks', async () => {
    const ours = env.t.sandbox.posts('pinterest').filter((post) => post.target.id === TARGET.pinterest).reverse();
    const first = await send(`${api}/boards/${TARGET.pinterest}/pins?page_size=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([ours[0]?.id]);
    const second = await send(`${api}/boards/${TARGET.pinterest}/pins?page_size=25&bookmark=${first.body.bookmark}`, { headers: { authorization: `Bearer ${token}` } });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual(ours.slice(1).map((post) => post.id));
    expect(second.body.bookmark).toBeNull();
    expect((await send(`${api}/boards/900000000000000002/pins`, { headers: { authorization: `Bearer ${token}` } })).body.items).toEqual([]);
  });
});
