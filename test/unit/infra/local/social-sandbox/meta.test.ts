/**
 * Facebook pages and Instagram accounts publishing as the Graph API does (issue 13): the page token
 * of the page (or of the page linked to the Instagram account) and its scopes, Meta's error codes
 * for bad input and unfetchable or unsuitable media, Instagram's container flow (images FINISHED at
 * once, videos IN_PROGRESS then FINISHED, ERROR, PUBLISHED), carousels, permalinks, recent posts
 * and content_publishing_limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, callApi, connectWith, postForm, publisher, send, startMediaServer, startTestSandbox, TARGET, type MediaServer, type TestSandbox } from './support';
import { instagramContainer } from './publishers';

let t: TestSandbox;
let media: MediaServer;
let facebook: { token: string; userToken: string };
let instagram: { token: string; userToken: string };
let fbApi: string;
let igApi: string;

beforeAll(async () => {
  t = await startTestSandbox();
  media = await startMediaServer();
  facebook = await publisher(t.sandbox, 'facebook');
  instagram = await publisher(t.sandbox, 'instagram');
  fbApi = t.sandbox.apps().facebook.urls.api;
  igApi = t.sandbox.apps().instagram.urls.api;
});
afterAll(async () => {
  await t.close();
  await media.close();
});

const SECOND_PAGE = '200000000000002';

/** The page token of the second page (same consent). */
async function secondPageToken(): Promise<string> {
  const accounts = await callApi(t.sandbox, 'facebook', '/me/accounts?fields=id,access_token', facebook.userToken);
  return accounts.body.data.find((page: { id: string }) => page.id === SECOND_PAGE).access_token;
}

describe('Facebook', () => {
  it('posts text with a link and answers {id: "<page>_<n>"}; the recent feed and the post read it back', async () => {
    const created = await postForm(`${fbApi}/${TARGET.facebook}/feed`, facebook.token, { message: 'Hola desde la página', link: 'https://example.com/oferta' });
    expect(created.body).toEqual({ id: expect.stringMatching(/^200000000000001_\d+$/) });
    const recent = await send(`${fbApi}/${TARGET.facebook}/feed?fields=id,message,created_time,permalink_url&limit=25`, { headers: { authorization: `Bearer ${facebook.token}` } });
    expect(recent.body.data[0]).toEqual({
      id: created.body.id,
      message: 'Hola desde la página',
      created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/),
      permalink_url: `https://www.facebook.com/${created.body.id}`,
    });
    const read = await send(`${fbApi}/${created.body.id}?fields=permalink_url`, { headers: { authorization: `Bearer ${facebook.token}` } });
    expect(read.body).toEqual({ id: created.body.id, permalink_url: `https://www.facebook.com/${created.body.id}` });
    expect(t.sandbox.posts('facebook').at(-1)).toMatchObject({ link: 'https://example.com/oferta' });
  });

  it('takes the page token as a form field too (Graph POSTs)', async () => {
    const created = await send(`${fbApi}/${TARGET.facebook}/feed`, { method: 'POST', body: new URLSearchParams({ message: 'Con access_token en el formulario', access_token: facebook.token }) });
    expect(created.status).toBe(200);
    expect(JSON.stringify(t.sandbox.requests('facebook').at(-1))).not.toContain(facebook.token);
  });

  it('refuses the user token, another page’s token and an unknown page', async () => {
    const user = await postForm(`${fbApi}/${TARGET.facebook}/feed`, facebook.userToken, { message: 'x' });
    expect(user.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
    const other = await postForm(`${fbApi}/${TARGET.facebook}/feed`, await secondPageToken(), { message: 'x' });
    expect(other.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const unknown = await postForm(`${fbApi}/999/feed`, facebook.token, { message: 'x' });
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const reading = await send(`${fbApi}/${TARGET.facebook}/feed`, { headers: { authorization: `Bearer ${facebook.userToken}` } });
    expect(reading.body.error.code).toBe(210);
  });

  it('needs pages_manage_posts', async () => {
    const tokens = await connectWith(t.sandbox, 'facebook', { scope: 'pages_show_list,pages_read_engagement' });
    const accounts = await callApi(t.sandbox, 'facebook', '/me/accounts?fields=id,access_token', tokens.body.access_token);
    const answer = await postForm(`${fbApi}/${TARGET.facebook}/feed`, accounts.body.data[0].access_token, { message: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 200, message: expect.stringContaining('pages_manage_posts') });
  });

  it.each([
    [{}, 100, 'Missing message or attachment'],
    [{ message: 'a'.repeat(63_207) }, 100, 'too long'],
    [{ message: 'x', link: 'no es una url' }, 100, 'link'],
  ])('refuses a bad feed post %#', async (fields, code, message) => {
    const answer = await postForm(`${fbApi}/${TARGET.facebook}/feed`, facebook.token, fields as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code, message: expect.stringContaining(message), fbtrace_id: expect.any(String) });
  });

  it('photos: answers {id, post_id}; an unfetchable, non-image or over-4 MB URL is (#324); no url is (#324)', async () => {
    const created = await postForm(`${fbApi}/${TARGET.facebook}/photos`, facebook.token, { url: `${media.url}/wide.jpg`, caption: 'Foto' });
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/), post_id: expect.stringMatching(/^200000000000001_\d+$/) });
    expect(t.sandbox.posts('facebook').at(-1)).toMatchObject({ id: created.body.post_id, refs: { photoId: created.body.id } });
    for (const url of [`${media.url}/missing.jpg`, `${media.url}/page.html`, `${media.url}/big.jpg`]) {
      expect((await postForm(`${fbApi}/${TARGET.facebook}/photos`, facebook.token, { url, caption: 'x' })).body.error.code).toBe(324);
    }
    expect((await postForm(`${fbApi}/${TARGET.facebook}/photos`, facebook.token, { caption: 'x' })).body.error.code).toBe(324);
  });

  it('photos: takes a multipart source', async () => {
    const form = new FormData();
    form.append('caption', 'Subida directa');
    form.append('source', new Blob([new Uint8Array((await (await fetch(`${media.url}/square.jpg`)).arrayBuffer()))], { type: 'image/jpeg' }), 'foto.jpg');
    const created = await send(`${fbApi}/${TARGET.facebook}/photos`, { method: 'POST', headers: { authorization: `Bearer ${facebook.token}` }, body: form });
    expect(created.status).toBe(200);
    expect(t.sandbox.posts('facebook').at(-1)).toMatchObject({ text: 'Subida directa', media: [{ type: 'image/jpeg' }] });
  });

  it('videos: file_url fetched; an image is (#352), an unfetchable URL (#389)', async () => {
    const created = await postForm(`${fbApi}/${TARGET.facebook}/videos`, facebook.token, { file_url: `${media.url}/clip.mp4`, description: 'Vídeo', title: 'Título' });
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(t.sandbox.posts('facebook').at(-1)).toMatchObject({ title: 'Título', text: 'Vídeo', refs: { videoId: created.body.id }, media: [{ type: 'video/mp4' }] });
    expect((await postForm(`${fbApi}/${TARGET.facebook}/videos`, facebook.token, { file_url: `${media.url}/square.jpg` })).body.error.code).toBe(352);
    expect((await postForm(`${fbApi}/${TARGET.facebook}/videos`, facebook.token, { file_url: `${media.url}/missing.mp4` })).body.error.code).toBe(389);
  });

  it('an unpublished post gets an id but stays out of the feed', async () => {
    const before = t.sandbox.posts('facebook').length;
    const created = await postForm(`${fbApi}/${TARGET.facebook}/feed`, facebook.token, { message: 'Borrador', published: 'false' });
    expect(created.status).toBe(200);
    expect(t.sandbox.posts('facebook')).toHaveLength(before);
  });
});

describe('Instagram', () => {
  const status = (container: string, token = instagram.token) => send(`${igApi}/${container}?fields=status_code,status`, { headers: { authorization: `Bearer ${token}` } });
  const publish = (container: string) => postForm(`${igApi}/${TARGET.instagram}/media_publish`, instagram.token, { creation_id: container });

  it('image: container FINISHED, publish, permalink, status PUBLISHED; publishing it again is refused', async () => {
    const container = await instagramContainer(t.sandbox, instagram.token, `${media.url}/square.jpg`, 'Foto cuadrada #marca');
    expect((await status(container)).body).toEqual({ id: container, status_code: 'FINISHED', status: expect.stringMatching(/^Finished/) });
    const published = await publish(container);
    expect(published.body).toEqual({ id: expect.stringMatching(/^17\d+$/) });
    const permalink = await send(`${igApi}/${published.body.id}?fields=permalink`, { headers: { authorization: `Bearer ${instagram.token}` } });
    expect(permalink.body).toEqual({ id: published.body.id, permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/) });
    expect((await status(container)).body.status_code).toBe('PUBLISHED');
    expect((await publish(container)).body.error).toMatchObject({ code: 9007, error_subcode: 2207027 });
    expect(t.sandbox.posts('instagram').filter((post) => post.refs?.containerId === container)).toHaveLength(1);
  });

  it('reels: IN_PROGRESS (publish refused: not ready) then FINISHED', async () => {
    const created = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { media_type: 'REELS', video_url: `${media.url}/clip.mp4`, caption: 'Reel' });
    const container = created.body.id;
    expect((await status(container)).body.status_code).toBe('IN_PROGRESS');
    expect((await publish(container)).body.error).toMatchObject({ code: 9007, error_subcode: 2207027, error_user_msg: expect.stringContaining('not ready') });
    await eventually(async () => (await status(container)).body.status_code === 'FINISHED');
    const published = await publish(container);
    expect(published.status).toBe(200);
    expect(t.sandbox.posts('instagram').at(-1)).toMatchObject({ id: published.body.id, media: [{ type: 'video/mp4' }], url: expect.stringContaining('/reel/') });
  });

  it('reels: a video that cannot be fetched ends in ERROR', async () => {
    const created = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { media_type: 'REELS', video_url: `${media.url}/missing.mp4` });
    const error = await eventually(async () => {
      const answer = await status(created.body.id);
      return answer.body.status_code === 'ERROR' && answer.body;
    });
    expect(error.status).toContain('Media download has failed');
    expect((await publish(created.body.id)).status).toBe(400);
  });

  it('carousel: items, then the carousel; the post has every item', async () => {
    const items = [];
    for (const file of ['square.jpg', 'wide.jpg']) {
      const item = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { image_url: `${media.url}/${file}`, is_carousel_item: 'true' });
      items.push(item.body.id);
    }
    expect((await publish(items[0])).body.error.code).toBe(100);
    const carousel = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { media_type: 'CAROUSEL', children: items.join(','), caption: 'Carrusel' });
    expect((await status(carousel.body.id)).body.status_code).toBe('FINISHED');
    const published = await publish(carousel.body.id);
    expect(t.sandbox.posts('instagram').at(-1)).toMatchObject({ id: published.body.id, text: 'Carrusel', media: [{ type: 'image/jpeg' }, { type: 'image/jpeg' }] });
    expect((await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { media_type: 'CAROUSEL', children: items[0] })).status).toBe(400);
  });

  it.each([
    ['missing.jpg', 9004, 2207052],
    ['page.html', 9004, 2207052],
    ['photo.png', 36001, 2207005],
    ['tall.jpg', 36003, 2207009],
    ['big.jpg', 36000, 2207004],
  ])('image %s is refused with %i/%i', async (file, code, subcode) => {
    const answer = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { image_url: `${media.url}/${file}`, caption: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: expect.any(String) });
  });

  it('an image that takes longer than 5 s to download is refused (2207003)', async () => {
    const answer = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { image_url: `${media.url}/slow.jpg` });
    expect(answer.body.error).toMatchObject({ code: -2, error_subcode: 2207003 });
  });

  it.each([
    ['a'.repeat(2201), '2200'],
    [Array.from({ length: 31 }, (_, index) => `#tag${index}`).join(' '), 'hashtags'],
    [Array.from({ length: 21 }, (_, index) => `@user${index}`).join(' '), 'mentions'],
  ])('refuses a caption over the limits (%#)', async (caption, message) => {
    const answer = await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.token, { image_url: `${media.url}/square.jpg`, caption });
    expect(answer.body.error).toMatchObject({ code: 100, message: expect.stringContaining(message) });
  });

  it('needs the page token of the linked page and instagram_content_publish', async () => {
    expect((await postForm(`${igApi}/${TARGET.instagram}/media`, instagram.userToken, { image_url: `${media.url}/square.jpg` })).body.error.code).toBe(210);
    const tokens = await connectWith(t.sandbox, 'instagram', { scope: 'instagram_basic,pages_show_list' });
    const accounts = await callApi(t.sandbox, 'instagram', '/me/accounts?fields=id,access_token', tokens.body.access_token);
    const answer = await postForm(`${igApi}/${TARGET.instagram}/media`, accounts.body.data[0].access_token, { image_url: `${media.url}/square.jpg` });
    expect(answer.body.error).toMatchObject({ code: 200, message: expect.stringContaining('instagram_content_publish') });
    expect((await postForm(`${igApi}/17841400000000999/media`, instagram.token, { image_url: `${media.url}/square.jpg` })).body.error.error_subcode).toBe(33);
    expect((await publish('17000000000000000')).body.error.error_subcode).toBe(33);
  });

  it('recent media newest first, and content_publishing_limit counts today’s posts', async () => {
    const limit = await send(`${igApi}/${TARGET.instagram}/content_publishing_limit?fields=config,quota_usage`, { headers: { authorization: `Bearer ${instagram.token}` } });
    const ours = t.sandbox.posts('instagram');
    expect(limit.body).toEqual({ data: [{ config: { quota_total: 100, quota_duration: 86_400 }, quota_usage: ours.length }] });
    const recent = await send(`${igApi}/${TARGET.instagram}/media?fields=id,caption,permalink,timestamp&limit=25`, { headers: { authorization: `Bearer ${instagram.token}` } });
    expect(recent.body.data.map((item: { id: string }) => item.id)).toEqual(ours.map((post) => post.id).reverse());
    expect(recent.body.data[0]).toEqual({ id: expect.any(String), caption: expect.any(String), permalink: expect.any(String), timestamp: expect.any(String) });
  });

  it('refuses the 101st post of 24 hours (9/2207042)', async () => {
    const own = await startTestSandbox();
    try {
      const { token } = await publisher(own.sandbox, 'instagram');
      const api = own.sandbox.apps().instagram.urls.api;
      for (let index = 0; index < 100; index += 1) {
        const container = await instagramContainer(own.sandbox, token, `${media.url}/square.jpg`, `Post ${index}`);
        expect((await postForm(`${api}/${TARGET.instagram}/media_publish`, token, { creation_id: container })).status).toBe(200);
      }
      const container = await instagramContainer(own.sandbox, token, `${media.url}/square.jpg`, 'Uno de más');
      const refused = await postForm(`${api}/${TARGET.instagram}/media_publish`, token, { creation_id: container });
      expect(refused.body.error).toMatchObject({ code: 9, error_subcode: 2207042 });
    } finally {
      await own.close();
    }
  });
});
