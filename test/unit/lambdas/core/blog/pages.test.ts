/**
 * The public blog's page builder (issue 5 item 4): title, description, canonical and Open Graph
 * tags, lang="es", the three layouts (each its own stylesheet, covers where the layout shows
 * them, the header image), escaping of every interpolated text (with a fast-check property: no
 * text can add an element), Markdown bodies through the safe renderer, the Spanish not-found pages
 * (noindex, no canonical), the Content-Security-Policy (no script source, the stylesheet by its
 * hash, image origins) and the response headers.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  articleNotFoundPage,
  articlePage,
  blogListPage,
  blogNotFoundPage,
  contentSecurityPolicy,
  errorPage,
  escapeHtml,
  LAYOUT_CLASS,
  layoutStyle,
  pageResponse,
  PUBLIC_BLOG_TEXT,
  shortText,
  spanishDate,
  type PageArticle,
  type PageBlog,
} from '../../../../../lambdas/core/blog/pages';
import { BLOG_LAYOUTS } from '@director-ia/shared/entities/settings';

const ORIGIN = 'https://blog.example.com';
const HEADER = 'https://uploads.s3.eu-west-1.amazonaws.com/users/u1/blog/abc-cabecera.png?X-Amz-Signature=1&X-Amz-Expires=1200';
const COVER = 'https://uploads.s3.eu-west-1.amazonaws.com/users/u1/assets/a1.png?X-Amz-Signature=2';

const blog = (overrides: Partial<PageBlog> = {}): PageBlog => ({
  slug: 'café-ñandú',
  name: 'Café Ñandú',
  topics: 'Recetas, origen del café',
  layout: 'Minimalista',
  headerImageUrl: HEADER,
  ...overrides,
});

const article = (overrides: Partial<PageArticle & { body: string }> = {}): PageArticle & { body: string } => ({
  slug: 'el-tueste-perfecto',
  title: 'El tueste perfecto',
  summary: 'Cómo tostamos nuestro café, paso a paso.',
  publishedAt: '2026-03-05T10:00:00.000Z',
  coverUrl: COVER,
  body: '# Introducción\n\nEl **tueste** lo es todo.',
  ...overrides,
});

/** The content attribute of `<meta {attr}="{key}">`, unescaped. */
function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
  return match ? unescape(match[1] ?? '') : undefined;
}
const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const tagCount = (html: string) => (html.match(/<[a-zA-Z!/]/g) ?? []).length;

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Café Ñandú')).toBe('Café Ñandú');
  });
});

describe('blog list page', () => {
  const list = [article(), article({ slug: 'origen', title: 'Origen', summary: 'De dónde viene.', coverUrl: null, publishedAt: '2026-02-01T10:00:00.000Z' })];

  it('is a Spanish HTML document with title, description, canonical and Open Graph tags', () => {
    const { status, html } = blogListPage(blog(), list, { origin: ORIGIN });
    expect(status).toBe(200);
    expect(html.startsWith('<!doctype html>\n<html lang="es">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(titleOf(html)).toBe('Café Ñandú · Blog');
    expect(meta(html, 'name', 'description')).toBe('Artículos de Café Ñandú: Recetas, origen del café');
    const url = `${ORIGIN}/blog/caf%C3%A9-%C3%B1and%C3%BA`;
    expect(canonicalOf(html)).toBe(url);
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(meta(html, 'property', 'og:type')).toBe('website');
    expect(meta(html, 'property', 'og:title')).toBe('Café Ñandú · Blog');
    expect(meta(html, 'property', 'og:description')).toBe('Artículos de Café Ñandú: Recetas, origen del café');
    expect(meta(html, 'property', 'og:image')).toBe(HEADER);
    expect(meta(html, 'property', 'og:locale')).toBe('es_ES');
    expect(meta(html, 'property', 'og:site_name')).toBe('Café Ñandú');
    expect(html).not.toContain('noindex');
    expect(html).not.toMatch(/<script/i);
  });

  it('lists each article with its link, Spanish date and summary, and the header image', () => {
    const { html } = blogListPage(blog(), list, { origin: ORIGIN });
    expect(html).toContain('<h2><a href="/blog/caf%C3%A9-%C3%B1and%C3%BA/el-tueste-perfecto">El tueste perfecto</a></h2>');
    expect(html).toContain('<time datetime="2026-03-05T10:00:00.000Z">5 de marzo de 2026</time>');
    expect(html).toContain('<p>Cómo tostamos nuestro café, paso a paso.</p>');
    expect(html).toContain(`<img class="banner" src="${escapeHtml(HEADER)}" alt="" fetchpriority="high" decoding="async">`);
    expect(html).toContain('<p class="tagline">Recetas, origen del café</p>');
    expect(html.indexOf('El tueste perfecto')).toBeLessThan(html.indexOf('Origen</a>'));
  });

  it('says so when nothing is published, and leaves out og:image without a header image', () => {
    const { html, imageUrls } = blogListPage(blog({ headerImageUrl: null, topics: '' }), [], { origin: ORIGIN });
    expect(html).toContain(`<p class="empty">${PUBLIC_BLOG_TEXT.noArticles}</p>`);
    expect(meta(html, 'property', 'og:image')).toBeUndefined();
    expect(meta(html, 'name', 'description')).toBe('Artículos de Café Ñandú');
    expect(html).not.toContain('class="banner"');
    expect(imageUrls).toEqual([]);
  });

  it.each(BLOG_LAYOUTS)('%s: its own stylesheet and body class', (layout) => {
    const { html, styleHashes } = blogListPage(blog({ layout }), list, { origin: ORIGIN });
    const { css, hash } = layoutStyle(layout);
    expect(html).toContain(`<body class="${LAYOUT_CLASS[layout]}">`);
    expect(html).toContain(`<style>${css}</style>`);
    expect(styleHashes).toEqual([hash]);
    expect(hash).toBe(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  it('gives the layouts distinct looks: sans list, card grid, serif paper', () => {
    expect(layoutStyle('Minimalista').css).toMatch(/font-family:system-ui/);
    expect(layoutStyle('Moderno').css).toMatch(/grid-template-columns:repeat\(auto-fill/);
    expect(layoutStyle('Moderno').css).toMatch(/linear-gradient/);
    expect(layoutStyle('Clásico').css).toMatch(/font-family:Georgia/);
    expect(new Set(BLOG_LAYOUTS.map((layout) => layoutStyle(layout).hash)).size).toBe(3);
  });

  it('shows covers in Moderno and Clásico, not in Minimalista', () => {
    expect(blogListPage(blog({ layout: 'Minimalista' }), list, { origin: ORIGIN }).html).not.toContain(escapeHtml(COVER));
    for (const layout of ['Moderno', 'Clásico'] as const) {
      const page = blogListPage(blog({ layout }), list, { origin: ORIGIN });
      expect(page.html).toContain(`<img class="cover" src="${escapeHtml(COVER)}"`);
      expect(page.imageUrls).toEqual([HEADER, COVER]);
    }
  });

  it('escapes hostile brand names, topics, titles, summaries and slugs', () => {
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { html } = blogListPage(
      blog({ name: evil, topics: evil, layout: 'Moderno' }),
      [article({ title: evil, summary: evil, slug: `a"><script>` })],
      { origin: ORIGIN },
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="/blog/caf%C3%A9-%C3%B1and%C3%BA/a%22%3E%3Cscript%3E"');
  });

  it('property: no text of the blog or its articles adds an element or breaks an attribute', () => {
    const baseline = tagCount(blogListPage(blog({ name: 'x', topics: 'x', layout: 'Clásico' }), [article({ title: 'x', summary: 'x' })], { origin: ORIGIN }).html);
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (name, topics, title, summary) => {
        const page = blogListPage(blog({ name: name || 'x', topics: `x${topics}`, layout: 'Clásico' }), [article({ title, summary })], { origin: ORIGIN });
        return tagCount(page.html) === baseline && !/<script/i.test(page.html);
      }),
      { numRuns: 500 },
    );
  });
});

describe('article page', () => {
  it('has the article title, description, canonical, Open Graph article tags and the cover as og:image', () => {
    const { status, html } = articlePage(blog(), article(), { origin: ORIGIN });
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('El tueste perfecto · Café Ñandú');
    expect(meta(html, 'name', 'description')).toBe('Cómo tostamos nuestro café, paso a paso.');
    const url = `${ORIGIN}/blog/caf%C3%A9-%C3%B1and%C3%BA/el-tueste-perfecto`;
    expect(canonicalOf(html)).toBe(url);
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:image')).toBe(COVER);
    expect(meta(html, 'property', 'article:published_time')).toBe('2026-03-05T10:00:00.000Z');
  });

  it('uses the header image for og:image when the article has no cover', () => {
    const { html, imageUrls } = articlePage(blog(), article({ coverUrl: null }), { origin: ORIGIN });
    expect(meta(html, 'property', 'og:image')).toBe(HEADER);
    expect(imageUrls).toEqual([HEADER]);
  });

  it('renders the Markdown body below a single h1, with a link back to the list', () => {
    const { html } = articlePage(blog(), article(), { origin: ORIGIN });
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<h1 class="title">El tueste perfecto</h1>');
    expect(html).toContain('<div class="prose">\n<h2>Introducción</h2>\n<p>El <strong>tueste</strong> lo es todo.</p>\n</div>');
    expect(html).toContain('<a href="/blog/caf%C3%A9-%C3%B1and%C3%BA">← Todos los artículos</a>');
    expect(html).toContain('<p class="lead">Cómo tostamos nuestro café, paso a paso.</p>');
  });

  it('never lets the body inject script, handlers or javascript: links', () => {
    const body = 'Hola <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[clic](javascript:alert(1)) ![x](data:image/svg+xml,<svg onload=alert(1)>)';
    const { html } = articlePage(blog(), article({ body }), { origin: ORIGIN });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('cuts long summaries for the description at a word boundary', () => {
    const summary = 'palabra '.repeat(40);
    const description = meta(articlePage(blog(), article({ summary }), { origin: ORIGIN }).html, 'name', 'description') ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('palabra…')).toBe(true);
  });
});

describe('not-found and error pages', () => {
  it('an unknown or closed blog: 404 in Spanish, noindex, no canonical, no images', () => {
    const page = blogNotFoundPage();
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="es">');
    expect(titleOf(page.html)).toBe('Blog no encontrado');
    expect(page.html).toContain('<h1 class="title">Blog no encontrado</h1>');
    expect(page.html).toContain(PUBLIC_BLOG_TEXT.blogNotFound);
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(canonicalOf(page.html)).toBeUndefined();
    expect(meta(page.html, 'property', 'og:title')).toBeUndefined();
    expect(page.imageUrls).toEqual([]);
  });

  it('a missing article inside an open blog: 404 in the blog layout with a way back', () => {
    const page = articleNotFoundPage(blog({ layout: 'Clásico' }));
    expect(page.status).toBe(404);
    expect(titleOf(page.html)).toBe('Artículo no encontrado · Café Ñandú');
    expect(page.html).toContain('<body class="l-clasico">');
    expect(page.html).toContain(PUBLIC_BLOG_TEXT.articleNotFound);
    expect(page.html).toContain('<a href="/blog/caf%C3%A9-%C3%B1and%C3%BA">Volver al blog</a>');
    expect(page.html).toContain('noindex');
  });

  it('the error page says nothing about the cause', () => {
    const page = errorPage();
    expect(page.status).toBe(500);
    expect(page.html).toContain(PUBLIC_BLOG_TEXT.error);
  });
});

describe('response', () => {
  it('sends HTML with a CSP without any script source, nosniff and a short cache', () => {
    const page = blogListPage(blog(), [article()], { origin: ORIGIN });
    const { statusCode, headers, body } = pageResponse(page);
    expect(statusCode).toBe(200);
    expect(body).toBe(page.html);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('public, max-age=60');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(csp).toContain(`style-src ${layoutStyle('Minimalista').hash}`);
    expect(csp).toContain("img-src 'self' https:");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('allows the plain-http origin of signed image URLs (the twin) and nothing else of theirs', () => {
    const csp = contentSecurityPolicy({ styleHashes: ["'sha256-x'"], imageUrls: ['http://127.0.0.1:4569/uploads/a.png?x=1', 'http://127.0.0.1:4569/uploads/b.png', 'https://s3.example/c.png', 'nonsense'] });
    expect(csp).toContain("img-src 'self' http://127.0.0.1:4569 https:");
  });

  it('caches not-found pages briefly and never caches errors', () => {
    expect(pageResponse(blogNotFoundPage()).headers['cache-control']).toBe('public, max-age=10');
    expect(pageResponse(blogNotFoundPage()).statusCode).toBe(404);
    expect(pageResponse(errorPage()).headers['cache-control']).toBe('no-store');
  });
});

describe('helpers', () => {
  it('formats dates in Spanish, in Madrid time', () => {
    expect(spanishDate('2026-03-05T10:00:00Z')).toBe('5 de marzo de 2026');
    // 23:30 UTC on 31 March is already 1 April in Madrid (summer time, UTC+2).
    expect(spanishDate('2026-03-31T23:30:00Z')).toBe('1 de abril de 2026');
    expect(spanishDate('no es una fecha')).toBe('');
  });

  it('shortens text on whitespace and keeps short text as is', () => {
    expect(shortText('  hola\n  mundo ')).toBe('hola mundo');
    expect(shortText('uno dos tres cuatro', 12)).toBe('uno dos…');
  });
});
