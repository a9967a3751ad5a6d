/**
 * The public blog against the twin over HTTP (issue 5 item 4; "Tests cover: public blog access
 * (drafts and other tenants' articles are never served)"): signed out, `/blog/<slug>` lists the
 * brand's published articles only, `/blog/<slug>/<article>` shows a published article with its
 * cover and the Markdown rendered safely; drafts, another brand's article (also under this blog's
 * slug), unknown slugs, disabled blogs, pending owners, stale slug claims and malformed paths all get
 * the same Spanish 404 page, which never tells a draft from nothing. Headers: HTML, a CSP without
 * script sources, nosniff, a short cache. The router sends `/blog/...` to the handler before Vite.
 * Also reports the HTML size and server time of the pages (fast first paint, no JavaScript).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_BLOG_TEXT } from '../../lambdas/core/blog/pages';
import type { BlogSettings } from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { solidPng } from '../support/generation';
import { fetchPage, seedArticle, seedEnabledBlog, seedSlugClaim, uploadHeader, type FetchedPage } from '../support/public-blog';
import { useTwinDomainEnv } from '../support/twin-env';

const twin = inject('twin');
const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

let a: TestUser;
let b: TestUser;
let closed: TestUser;
let pending: TestUser;
let slugA: string;
let slugB: string;
let slugClosed: string;
let slugPending: string;
let coverAssetId: string;

const XSS_BODY = [
  '## Cómo tostamos',
  '',
  'El **tueste** lo es todo. <script>window.__pwned = 1</script>',
  '',
  '<img src=x onerror="window.__pwned = 2">',
  '',
  '[Pulsa aquí](javascript:window.__pwned=3) o [nuestra web](https://example.com/café).',
].join('\n');

async function saveBlog(user: TestUser, data: Record<string, unknown>): Promise<BlogSettings> {
  return callOk<BlogSettings>(twin, 'guardarAjustesBlog', data, user.accessToken);
}

/** The text of <main> (what the reader sees), tags stripped. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

function expectBlogNotFound(page: FetchedPage): void {
  expect(page.status).toBe(404);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.html).toContain('<html lang="es">');
  expect(page.html).toContain(`<title>${PUBLIC_BLOG_TEXT.blogNotFoundTitle}</title>`);
  expect(mainText(page.html)).toBe(`${PUBLIC_BLOG_TEXT.blogNotFoundTitle} ${PUBLIC_BLOG_TEXT.blogNotFound}`);
}

beforeAll(async () => {
  useTwinDomainEnv(twin);
  const admin = await signInAdmin(twin);
  [a, b, closed, pending] = await Promise.all([registerUser(twin, 'pb-a'), registerUser(twin, 'pb-b'), registerUser(twin, 'pb-closed'), registerUser(twin, 'pb-pending')]);
  for (const user of [a, b, closed]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);

  const headerKey = await uploadHeader(twin, a, solidPng([200, 120, 40], 32));
  await callOk(twin, 'guardarAjustesIA', { brandName: 'Café <Ñandú> & "Co"' }, a.accessToken);
  slugA = (await saveBlog(a, { isEnabled: true, slug: fresh('Café Ñandú'), topics: 'Recetas, origen del café', layout: 'Moderno', headerImageKey: headerKey })).slug;
  slugB = (await saveBlog(b, { isEnabled: true, slug: fresh('blog-b'), layout: 'Clásico' })).slug;
  slugClosed = (await saveBlog(closed, { isEnabled: true, slug: fresh('cerrado') })).slug;
  await saveBlog(closed, { isEnabled: false });

  // A pending owner cannot save settings; write what a since-suspended brand would have left.
  slugPending = fresh('pendiente');
  await seedEnabledBlog(pending.sub, slugPending);

  coverAssetId = (await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Granos de café recién tostados' }, a.accessToken)).assetId;
  await seedArticle(a.sub, { slug: 'el-tueste', title: 'El tueste <perfecto>', status: 'published', summary: 'Cómo tostamos, paso a paso.', body: XSS_BODY, coverAssetId, publishedAt: '2026-03-05T10:00:00.000Z' });
  await seedArticle(a.sub, { slug: 'origen', title: 'Origen del café', status: 'published', publishedAt: '2026-02-01T10:00:00.000Z' });
  await seedArticle(a.sub, { slug: 'borrador-secreto', title: 'Borrador secreto', status: 'draft' });
  await seedArticle(b.sub, { slug: 'solo-de-b', title: 'Artículo de B', status: 'published' });
  await seedArticle(b.sub, { slug: 'borrador-de-b', title: 'Borrador de B', status: 'draft' });
  await seedArticle(closed.sub, { slug: 'cerrado-publicado', title: 'Publicado en blog cerrado', status: 'published' });
  await seedArticle(pending.sub, { slug: 'pendiente-publicado', title: 'Publicado por dueño pendiente', status: 'published' });
});

describe('published articles are served, signed out', () => {
  it('the list: published articles only, newest first, in the blog layout with the header image', async () => {
    const page = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<body class="l-moderno">');
    expect(page.html).toContain('<title>Café &lt;Ñandú&gt; &amp; &quot;Co&quot; · Blog</title>');
    const text = mainText(page.html);
    expect(text).toContain('El tueste <perfecto>'.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(text).toContain('Origen del café');
    expect(text.indexOf('El tueste')).toBeLessThan(text.indexOf('Origen del café'));
    expect(page.html).not.toContain('Borrador secreto');
    expect(page.html).not.toContain('borrador-secreto');
    expect(page.html).not.toContain('Artículo de B');
    // The header image and the cover are short-lived signed URLs that load.
    const header = /<img class="banner" src="([^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(header).toMatch(/X-Amz-Signature=/);
    const image = await fetch(header);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const cover = /<img class="cover" src="([^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect((await fetch(cover)).status).toBe(200);
  });

  it('the list has the tags and headers of the design: canonical, Open Graph, CSP without scripts, short cache', async () => {
    const page = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}`);
    const url = `${twin.url}/blog/${encodeURIComponent(slugA)}`;
    expect(page.html).toContain(`<link rel="canonical" href="${url}">`);
    expect(page.html).toContain(`<meta property="og:url" content="${url}">`);
    expect(page.html).toContain('<meta property="og:type" content="website">');
    expect(page.html).toContain('<meta name="description" content="Artículos de Café &lt;Ñandú&gt; &amp; &quot;Co&quot;: Recetas, origen del café">');
    expect(page.html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/[^"]+X-Amz-Signature=/);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    const csp = page.headers.get('content-security-policy') ?? '';
    // Issue 15 item 4: frames from the site's own origin only (the brand's chat widget).
    const site = new URL(twin.url).origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expect(csp).toMatch(new RegExp(`^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self' http://127\\.0\\.0\\.1:\\d+ https:; frame-src ${site}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$`));
    expect(page.html).not.toMatch(/<script/i);
  });

  it('embeds the brand\'s chat widget with the request\'s ref and UTM in its URL (issue 15 item 4)', async () => {
    const page = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}?utm_source=instagram&utm_medium=social&ref=Ab3dEf9h&otro=x`);
    const src = /<iframe class="chat-widget" src="([^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const url = new URL(src);
    expect(url.origin).toBe(new URL(twin.url).origin);
    expect(url.pathname).toBe(`/widget/${a.sub}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ref: 'Ab3dEf9h', utm_source: 'instagram', utm_medium: 'social' });
  });

  it('an article: its own URL, tags, cover, and the Markdown rendered without any way to run script', async () => {
    const path = `/blog/${encodeURIComponent(slugA)}/el-tueste`;
    const page = await fetchPage(twin, path);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>El tueste &lt;perfecto&gt; · Café &lt;Ñandú&gt; &amp; &quot;Co&quot;</title>');
    expect(page.html).toContain(`<link rel="canonical" href="${twin.url}${path}">`);
    expect(page.html).toContain('<meta property="og:type" content="article">');
    expect(page.html).toContain('<meta property="article:published_time" content="2026-03-05T10:00:00.000Z">');
    expect(page.html).toContain('<time datetime="2026-03-05T10:00:00.000Z">5 de marzo de 2026</time>');
    expect(page.html).toContain('<h3>Cómo tostamos</h3>'); // one level below the title's h1
    expect(page.html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    // Issue 16 item 3: neither a javascript: link nor a link to another site is a link any more, only its text.
    expect(page.html).toContain('<p>Pulsa aquí o nuestra web.</p>');
    expect(page.html).not.toMatch(/<a [^>]*href="(|https:\/\/example\.com[^"]*)"/);
    expect(page.html).not.toMatch(/<script|<img src=x|javascript:|onerror="/i);
    const cover = /<figure class="hero"><img class="cover" src="([^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(cover).toContain(`/assets/${coverAssetId}.png`);
    expect(page.html).toContain(`<meta property="og:image" content="${cover.replace(/&/g, '&amp;')}">`);
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src|unsafe/);
  });

  it('the slug is read with the slug rule: case, spaces and trailing slash do not matter', async () => {
    const shouting = encodeURIComponent(slugA.toUpperCase().replace(/-/g, ' '));
    expect((await fetchPage(twin, `/blog/${shouting}/`)).status).toBe(200);
    expect((await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}/EL%20TUESTE/`)).status).toBe(200);
  });

  it('another brand\'s blog shows its own articles in its own layout', async () => {
    const page = await fetchPage(twin, `/blog/${encodeURIComponent(slugB)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<body class="l-clasico">');
    expect(mainText(page.html)).toContain('Artículo de B');
    expect(page.html).not.toContain('Borrador de B');
    expect(page.html).not.toContain('El tueste');
    expect(page.html).not.toContain('class="banner"');
  });
});

describe('nothing else is ever served', () => {
  it('a draft is a 404 identical to an article that does not exist', async () => {
    const draft = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}/borrador-secreto`);
    const nothing = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}/no-existe-${randomUUID().slice(0, 6)}`);
    for (const page of [draft, nothing]) {
      expect(page.status).toBe(404);
      expect(page.html).toContain(`<title>${PUBLIC_BLOG_TEXT.articleNotFoundTitle} · Café &lt;Ñandú&gt; &amp; &quot;Co&quot;</title>`);
      expect(page.html).toContain('<meta name="robots" content="noindex">');
      expect(page.html).not.toContain('Borrador secreto');
      expect(page.headers.get('cache-control')).toBe('public, max-age=10');
    }
    expect(mainText(draft.html)).toBe(mainText(nothing.html));
    expect(mainText(draft.html)).toBe(`${PUBLIC_BLOG_TEXT.articleNotFoundTitle} ${PUBLIC_BLOG_TEXT.articleNotFound} ${PUBLIC_BLOG_TEXT.backToBlog}`);
  });

  it("another brand's article (published or draft) under this blog's slug is a 404", async () => {
    for (const articleSlug of ['solo-de-b', 'borrador-de-b']) {
      const page = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}/${articleSlug}`);
      expect(page.status).toBe(404);
      expect(page.html).not.toContain('Artículo de B');
    }
    const reverse = await fetchPage(twin, `/blog/${encodeURIComponent(slugB)}/el-tueste`);
    expect(reverse.status).toBe(404);
    expect(reverse.html).not.toContain('El tueste');
  });

  it('unknown slugs, a disabled blog and a pending owner: the same Spanish "Blog no encontrado"', async () => {
    const paths = [
      `/blog/${fresh('no-existe')}`,
      `/blog/${encodeURIComponent(slugClosed)}`,
      `/blog/${encodeURIComponent(slugClosed)}/cerrado-publicado`,
      `/blog/${encodeURIComponent(slugPending)}`,
      `/blog/${encodeURIComponent(slugPending)}/pendiente-publicado`,
      `/blog/${fresh('no-existe')}/el-tueste`,
    ];
    const pages = await Promise.all(paths.map((path) => fetchPage(twin, path)));
    for (const page of pages) expectBlogNotFound(page);
    expect(new Set(pages.map((page) => page.html)).size).toBe(1);
  });

  it('a stale slug claim (the settings name another slug) opens nothing', async () => {
    const stale = fresh('reclamo-viejo');
    await seedSlugClaim(a.sub, stale);
    expectBlogNotFound(await fetchPage(twin, `/blog/${stale}`));
    expectBlogNotFound(await fetchPage(twin, `/blog/${stale}/el-tueste`));
  });

  it('disabling a blog closes it at once (no cache in the twin); enabling it opens it again', async () => {
    await saveBlog(b, { isEnabled: false });
    expectBlogNotFound(await fetchPage(twin, `/blog/${encodeURIComponent(slugB)}/solo-de-b`));
    await saveBlog(b, { isEnabled: true });
    expect((await fetchPage(twin, `/blog/${encodeURIComponent(slugB)}/solo-de-b`)).status).toBe(200);
  });

  it.each([
    ['an extra segment', (slug: string) => `/blog/${slug}/el-tueste/extra`],
    ['an empty article segment', (slug: string) => `/blog/${slug}//`],
    ['a malformed escape', () => '/blog/%E0%A4%A'],
    ['markup in the slug', () => '/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ])('%s is the not-found page', async (_label, path) => {
    const page = await fetchPage(twin, path(encodeURIComponent(slugA)));
    expectBlogNotFound(page);
    expect(page.html).not.toMatch(/<script/i);
  });

  it('only GET /blog/<something> is routed, like the HTTP API', async () => {
    const post = await fetchPage(twin, `/blog/${encodeURIComponent(slugA)}`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(404);
    expect(JSON.parse(post.html)).toEqual({ message: 'Not Found' });
    const bare = await fetchPage(twin, '/blog/');
    expect(bare.status).toBe(404);
  });

  it('is answered before Vite: never the web app, even for unknown slugs', async () => {
    const page = await fetchPage(twin, `/blog/${fresh('nada')}`);
    expect(page.html).not.toMatch(/id="root"|@vite\/client|type="module"/);
    const app = await fetchPage(twin, '/');
    expect(app.html).toMatch(/id="root"/);
  });
});

describe('first paint', () => {
  it('pages are small, script-free HTML answered quickly (reported)', async () => {
    const paths = { list: `/blog/${encodeURIComponent(slugA)}`, article: `/blog/${encodeURIComponent(slugA)}/el-tueste`, notFound: `/blog/${fresh('x')}` };
    const report: Record<string, { bytes: number; serverMs: number; totalMs: number }> = {};
    for (const [name, path] of Object.entries(paths)) {
      await fetchPage(twin, path); // warm: the twin imports the handler module on first use
      const runs: FetchedPage[] = [];
      for (let i = 0; i < 5; i += 1) runs.push(await fetchPage(twin, path));
      const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
      const serverMs = median(runs.map((run) => Number(/app;dur=([\d.]+)/.exec(run.headers.get('server-timing') ?? '')?.[1])));
      report[name] = { bytes: Buffer.byteLength(runs[0]?.html ?? ''), serverMs, totalMs: Math.round(median(runs.map((run) => run.millis))) };
      expect(report[name].bytes).toBeLessThan(20 * 1024);
      expect(runs[0]?.html).not.toMatch(/<script/i);
    }
    console.info('[public blog first paint]', JSON.stringify(report));
  });
});

describe('callables are unaffected', () => {
  it('/api/* still answers as before', async () => {
    const { status } = await call(twin, 'obtenerAjustesBlog', null);
    expect(status).toBe(401);
  });
});
