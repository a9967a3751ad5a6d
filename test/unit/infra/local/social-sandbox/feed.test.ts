/**
 * The "Red de pruebas" receives publications in each network's documented shapes and shows them
 * (issue 13 item 5): every network publishes text with media (and text alone where it can); each
 * post lands in the posts hook with the network's kind of id and URL, its target and its stored
 * media; the feed page lists it (newest last) with the media inline; `/` links to every feed; the
 * feed and the media survive a restart.
 */
import { describe, expect, it } from 'vitest';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { BOT_TOKEN, publishText, publishWithMedia, TEXT_NETWORKS } from './publishers';
import { posts, publisher, publishingEnv, send, startTestSandbox } from './support';

const env = publishingEnv();
const tokenFor = (network: SocialNetwork) => env.tokenFor(network);

const EXPECTED: Record<SocialNetwork, { id: RegExp; target: string; url: (id: string) => string | null; mediaType: string }> = {
  facebook: { id: /^200000000000001_\d{18}$/, target: 'Página de pruebas', url: (id) => `https://www.facebook.com/${id}`, mediaType: 'image/jpeg' },
  instagram: { id: /^17\d{15}$/, target: '@marca_de_pruebas', url: () => expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]{11}\/$/), mediaType: 'image/jpeg' },
  x: { id: /^19\d{17}$/, target: '@cuenta_de_pruebas', url: (id) => `https://x.com/cuenta_de_pruebas/status/${id}`, mediaType: 'image/jpeg' },
  linkedin: { id: /^urn:li:share:7\d{18}$/, target: 'Cuenta de pruebas', url: (id) => `https://www.linkedin.com/feed/update/${id}/`, mediaType: 'image/jpeg' },
  youtube: { id: /^[A-Za-z0-9_-]{11}$/, target: 'Canal de pruebas', url: (id) => `https://www.youtube.com/watch?v=${id}`, mediaType: 'video/mp4' },
  tiktok: { id: /^7\d{18}$/, target: 'Cuenta de pruebas', url: () => null, mediaType: 'video/mp4' },
  pinterest: { id: /^10\d{16}$/, target: 'Tablero de pruebas', url: (id) => `https://www.pinterest.com/pin/${id}/`, mediaType: 'image/jpeg' },
  telegram: { id: /^\d+$/, target: 'Canal de pruebas', url: (id) => `https://t.me/canal_pruebas/${id}`, mediaType: 'image/jpeg' },
};

describe('publishing with media', () => {
  it.each(SOCIAL_NETWORKS)('%s: the post enters the feed with its media, id, target and URL', async (network) => {
    const text = `Publicación con imagen en ${network} ${Date.now()}`;
    const { answer, id } = await publishWithMedia(env.t.sandbox, network, await tokenFor(network), env.media, text);
    expect(answer.status).toBeLessThan(300);
    const expected = EXPECTED[network];
    expect(id).toMatch(expected.id);
    const found = (await posts(env.t.sandbox, network)).find((post) => post.id === id);
    expect(found).toMatchObject({ network, id, target: { name: expected.target }, url: expected.url(id), time: expect.any(String), seq: expect.any(Number) });
    if (network === 'youtube') expect(found).toMatchObject({ title: text, text: `Descripción de ${text}`, visibility: 'private' });
    else expect(found.text).toBe(text);
    expect(found.media).toEqual([{ id: expect.stringMatching(/^m_/), type: expected.mediaType, size: expect.any(Number), url: `${env.t.sandbox.url}/media/${found.media[0].id}` }]);
    const file = await fetch(found.media[0].url);
    expect(file.headers.get('content-type')).toBe(expected.mediaType);
    expect((await file.arrayBuffer()).byteLength).toBe(found.media[0].size);
    const page = await (await fetch(`${env.t.sandbox.url}/${network}/feed`)).text();
    expect(page).toContain(`Red de pruebas · ${SOCIAL_NETWORK_LABELS[network]} — Publicaciones`);
    expect(page).toContain(network === 'youtube' ? `Descripción de ${text}` : text);
    expect(page).toContain(expected.mediaType.startsWith('video/') ? `<video src="/media/${found.media[0].id}"` : `<img src="/media/${found.media[0].id}"`);
  });
});

describe('publishing text', () => {
  it.each(TEXT_NETWORKS)('%s: text alone', async (network) => {
    const text = `Solo texto en ${network} ${Date.now()}`;
    const answer = await publishText(env.t.sandbox, network, await tokenFor(network), text);
    expect(answer.status).toBeLessThan(300);
    const feed = await posts(env.t.sandbox, network);
    expect(feed.at(-1)).toMatchObject({ network, text, media: [] });
  });

  it('lists a network’s posts in the order received, newest last, and no other network’s', async () => {
    const token = await tokenFor('x');
    await publishText(env.t.sandbox, 'x', token, 'Primera de dos');
    await publishText(env.t.sandbox, 'x', token, 'Segunda de dos');
    const page = await (await fetch(`${env.t.sandbox.url}/x/feed`)).text();
    expect(page.indexOf('Primera de dos')).toBeGreaterThan(-1);
    expect(page.indexOf('Primera de dos')).toBeLessThan(page.indexOf('Segunda de dos'));
    expect(page).not.toContain('Solo texto en facebook');
    const all = await posts(env.t.sandbox);
    expect(all.map((post) => post.seq)).toEqual([...all.map((post) => post.seq)].sort((a, b) => a - b));
  });

  it('escapes what it shows and serves the pages self-contained', async () => {
    await publishText(env.t.sandbox, 'telegram', BOT_TOKEN, '<script>alert(1)</script> & más');
    const response = await fetch(`${env.t.sandbox.url}/telegram/feed`);
    const page = await response.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; más');
    expect(page).not.toContain('<script>');
    expect(response.headers.get('content-security-policy')).toContain("media-src 'self'");
    // The sandbox's own pages are not network requests: they are not recorded.
    expect(env.t.sandbox.requests().some((record) => record.path === '/feed')).toBe(false);
  });
});

describe('pages and hooks', () => {
  it('the index page links to every network’s feed', async () => {
    const page = await (await fetch(`${env.t.sandbox.url}/`)).text();
    for (const network of SOCIAL_NETWORKS) expect(page).toContain(`href="/${network}/feed"`);
  });

  it('an empty feed says so; unknown media and networks are 404; the posts hook checks its network', async () => {
    const fresh = await startTestSandbox();
    try {
      expect(await (await fetch(`${fresh.sandbox.url}/pinterest/feed`)).text()).toContain('Todavía no se ha publicado nada en esta red.');
      expect((await fetch(`${fresh.sandbox.url}/media/m_nothing`)).status).toBe(404);
      expect((await fetch(`${fresh.sandbox.url}/myspace/feed`)).status).toBe(404);
      expect((await send(`${fresh.sandbox.url}/__sandbox/posts?network=myspace`)).status).toBe(400);
      expect(await posts(fresh.sandbox)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('serves a byte range of a media file (videos can seek)', async () => {
    const video = (await posts(env.t.sandbox, 'youtube'))[0].media[0];
    const part = await fetch(video.url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${video.size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('keeps a presigned URL’s signature out of the request records', () => {
    const photo = env.t.sandbox.requests('facebook').find((record) => record.path.endsWith('/photos'));
    expect(photo?.body?.url).toBe(`${env.media.url}/square.jpg?***`);
  });
});

describe('persistence', () => {
  it('keeps the feed and its media across a restart', async () => {
    const first = await startTestSandbox();
    const text = 'Antes del reinicio';
    await publishWithMedia(first.sandbox, 'pinterest', (await publisher(first.sandbox, 'pinterest')).token, env.media, text);
    await publishText(first.sandbox, 'telegram', BOT_TOKEN, 'Mensaje antes del reinicio');
    const before = first.sandbox.posts();
    await first.sandbox.stop();
    const second = await startTestSandbox({ stateDir: first.stateDir });
    try {
      const after = second.sandbox.posts();
      expect(after.map(({ media: items, ...post }) => ({ ...post, media: items.map(({ url: _url, ...item }) => item) }))).toEqual(
        before.map(({ media: items, ...post }) => ({ ...post, media: items.map(({ url: _url, ...item }) => item) })),
      );
      const image = after[0]?.media[0];
      expect((await fetch(`${second.sandbox.url}/media/${image?.id}`)).status).toBe(200);
      // Ids keep counting: the next Telegram message is number 2 of the channel.
      const next = await publishText(second.sandbox, 'telegram', BOT_TOKEN, 'Después del reinicio');
      expect(next.body.result.message_id).toBe(2);
    } finally {
      await second.close();
    }
  });
});
