/**
 * The public blog's HTML (issue 5 item 4; spec 3 'Blog settings' layouts, 5 layout options): pure
 * builders of the article list, the article page and the Spanish not-found and error pages, with
 * their title, description, canonical and Open Graph tags, in the blog's layout (Minimalista,
 * Moderno, Clásico) as one inline stylesheet. No JavaScript at all: the pages are meant to paint
 * from the first response and are sent with a Content-Security-Policy that allows no script.
 *
 * Issue 15 item 4: the list and article pages embed the brand's chat widget (the frame the Widgets
 * snippet embeds: `<origin>/widget/<uid>`, WIDGET_FRAME, fixed bottom-right) with the request's
 * `ref` and utm_* (PageContext.visit) in its URL, so a visitor who lands on the blog from a tracked
 * link and writes in the chat carries its attribution; the CSP's `frame-src` allows the site's own
 * origin only. The footer states how tracked links count clicks (LINK_MSG.privacyNote).
 *
 * Every text interpolated here is HTML-escaped (`escapeHtml`); every URL goes in a double-quoted
 * attribute, escaped. Article bodies are Markdown rendered by `shared/markdown` (no raw HTML, no
 * dangerous protocols). The stylesheet is allowed by its SHA-256 hash, not by 'unsafe-inline'.
 *
 * Shapes: `PageBlog`, `PageArticle` in; `Page` ({status, html, styleHashes, imageUrls}) out. The
 * HTTP response (headers, CSP) is built from a Page by `pageResponse`.
 */
import { createHash } from 'node:crypto';
import { LINK_MSG, visitToSearch, WIDGET_FRAME, type BlogLayout, type Visit } from '@director-ia/shared';
import { renderMarkdown } from '@director-ia/shared/markdown';

/** Spanish strings of the public blog. */
export const PUBLIC_BLOG_TEXT = {
  blogNotFoundTitle: 'Blog no encontrado',
  blogNotFound: 'La dirección que has escrito no corresponde a ningún blog publicado. Comprueba el enlace.',
  articleNotFoundTitle: 'Artículo no encontrado',
  articleNotFound: 'El artículo que buscas no existe o no está disponible.',
  backToBlog: 'Volver al blog',
  allArticles: '← Todos los artículos',
  noArticles: 'Todavía no hay artículos publicados.',
  readMore: 'Leer artículo',
  articlesOf: (name: string) => `Artículos de ${name}`,
  publishedOn: 'Publicado el',
  errorTitle: 'Blog no disponible',
  error: 'No se ha podido cargar el blog. Inténtalo de nuevo en unos minutos.',
  blogSuffix: 'Blog',
} as const;

/** Time zone of the publication dates shown (the product serves Spanish businesses). */
export const BLOG_TIME_ZONE = 'Europe/Madrid';
/** Longest meta description, characters (search engines cut around 155–160). */
export const DESCRIPTION_MAX = 160;

/** The blog as its pages show it. */
export interface PageBlog {
  /** Canonical slug (the URL segment). */
  slug: string;
  /** Brand name, or a name derived from the slug. */
  name: string;
  /** The blog's topics (tagline); '' when none. */
  topics: string;
  layout: BlogLayout;
  /** Short-lived URL of the header image; null when none. */
  headerImageUrl: string | null;
  /** The brand (owner's uid) whose chat widget the list and article pages embed; none: no widget. */
  widgetUid?: string;
}

/** An article as the list and its page show it. */
export interface PageArticle {
  slug: string;
  title: string;
  summary: string;
  /** ISO 8601. */
  publishedAt: string;
  /** Short-lived URL of the cover image; null when none. */
  coverUrl: string | null;
}

export interface Page {
  status: 200 | 404 | 500;
  html: string;
  /** CSP hashes ('sha256-…') of the inline stylesheets. */
  styleHashes: string[];
  /** Every image URL the page loads (their origins go into img-src). */
  imageUrls: string[];
  /** The origin of the frames the page embeds (the site's own, for the chat widget), if any: CSP frame-src. */
  frameOrigin?: string;
}

/** Where the pages are served: the site origin (`https://…`, no trailing slash). */
export interface PageContext {
  origin: string;
  /** The request's `ref` and UTM parameters (shared visitFromSearch), passed on to the chat widget. */
  visit?: Visit | undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

/** Path of a blog's list page: `/blog/<slug>` (percent-encoded). */
export function blogPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** Path of an article's page: `/blog/<slug>/<articleSlug>` (percent-encoded). */
export function articlePath(blogSlug: string, articleSlug: string): string {
  return `${blogPath(blogSlug)}/${encodeURIComponent(articleSlug)}`;
}

/** Whitespace collapsed and cut at a word boundary to at most `max` characters (… added). */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: BLOG_TIME_ZONE });

/** '5 de marzo de 2026' (Madrid time); '' for an invalid date. */
export function spanishDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

// ---- Layouts ----

const BASE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;line-height:1.65;font-size:1.0625rem}
img{max-width:100%;height:auto;border:0}
a{color:inherit}
.wrap{max-width:46rem;margin:0 auto;padding:0 1.25rem}
.masthead{position:relative}
.banner{display:block;width:100%;height:clamp(9rem,26vw,17rem);object-fit:cover}
.brand{text-decoration:none;font-weight:700}
.tagline{margin:.25rem 0 0}
main.wrap{padding-top:2.5rem;padding-bottom:3rem}
.list{list-style:none;padding:0;margin:0}
.item h2{margin:.25rem 0;line-height:1.3}
.item h2 a{text-decoration:none}
.item h2 a:hover,.item h2 a:focus{text-decoration:underline}
.item p{margin:.5rem 0 0}
time{font-size:.875rem;opacity:.75}
.cover{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}
.back{margin:0 0 1.5rem;font-size:.9375rem}
.title{line-height:1.2;margin:0 0 .5rem}
.lead{font-size:1.15rem;opacity:.85}
.hero{margin:1.5rem 0}
.prose{overflow-wrap:break-word}
.prose h2,.prose h3,.prose h4{line-height:1.3;margin:2rem 0 .5rem}
.prose pre{overflow-x:auto;padding:1rem;border-radius:.375rem;background:rgba(127,127,127,.12)}
.prose code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.prose blockquote{margin:1.5rem 0;padding:.25rem 0 .25rem 1rem;border-left:3px solid currentColor;opacity:.85}
.prose img{border-radius:.375rem}
.empty,.notice{font-size:1.1rem}
footer{padding:1.5rem 0 2.5rem;font-size:.875rem;opacity:.7}
.privacy{font-size:.8125rem}
.chat-widget{position:fixed;bottom:${WIDGET_FRAME.offsetPx}px;right:${WIDGET_FRAME.offsetPx}px;width:${WIDGET_FRAME.width}px;height:${WIDGET_FRAME.height}px;max-width:calc(100vw - ${2 * WIDGET_FRAME.offsetPx}px);max-height:calc(100vh - ${2 * WIDGET_FRAME.offsetPx}px);border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.25);z-index:2147483000;background:#fff}`;

const LAYOUT_CSS: Record<BlogLayout, string> = {
  // White page, one narrow column, text-only list separated by hairlines.
  Minimalista: `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#fff}
.masthead-text{padding-top:2.5rem}
.brand{font-size:1.5rem;letter-spacing:-.01em}
.tagline{color:#57606a}
.item{padding:1.5rem 0;border-bottom:1px solid #e5e7eb}
.item:first-child{padding-top:0}
.item h2{font-size:1.35rem}
.title{font-size:2.1rem;letter-spacing:-.02em}
.prose a,.item a:hover{color:#0b57d0}
footer{border-top:1px solid #e5e7eb}`,
  // Gradient hero over the header image, cards with covers in a responsive grid.
  Moderno: `body{font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#f3f4f8}
.masthead{background:linear-gradient(135deg,#4338ca,#db2777);color:#fff;overflow:hidden}
.masthead .banner{position:absolute;inset:0;height:100%;opacity:.5}
.masthead-text{position:relative;padding:3.5rem 1.25rem}
.brand{font-size:clamp(1.9rem,5vw,2.8rem);letter-spacing:-.03em}
.tagline{font-size:1.1rem;opacity:.9}
.wrap{max-width:64rem}
.list{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:1.5rem}
.item{background:#fff;border-radius:1rem;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(17,24,39,.06)}
.item .cover{border-radius:0}
.item-text{padding:1.1rem 1.25rem 1.4rem}
.item h2{font-size:1.2rem}
.article{max-width:46rem;margin:0 auto;background:#fff;border-radius:1rem;padding:2rem clamp(1.25rem,4vw,2.75rem);box-shadow:0 8px 24px rgba(17,24,39,.06)}
.title{font-size:clamp(1.9rem,4.5vw,2.6rem);letter-spacing:-.03em}
.hero img,.hero{border-radius:.75rem}
.prose a,.back a{color:#4338ca}`,
  // Paper tones, serif type, a centred masthead between rules, thumbnails beside each entry.
  Clásico: `body{font-family:Georgia,"Times New Roman",Times,serif;color:#2b2622;background:#fbf8f1}
.masthead-text{text-align:center;padding:2.25rem 1.25rem 1.5rem;border-bottom:3px double #8b7d6b}
.masthead .banner{max-width:46rem;margin:1.5rem auto 0;border:1px solid #d9cfbf;padding:.375rem;background:#fff}
.brand{font-size:clamp(2rem,5vw,2.75rem);font-variant:small-caps;letter-spacing:.04em;font-weight:400}
.tagline{font-style:italic;color:#6b5e4f}
.item{display:grid;grid-template-columns:8.5rem 1fr;gap:1.25rem;padding:1.5rem 0;border-bottom:1px solid #e4dccd}
.item.no-cover{grid-template-columns:1fr}
.item .cover{aspect-ratio:1;border:1px solid #d9cfbf}
.item h2{font-size:1.45rem;font-weight:400}
.title{font-size:2.4rem;font-weight:400;text-align:center}
.meta{text-align:center}
.prose>p:first-child::first-letter{float:left;font-size:3.4em;line-height:.85;padding:.1em .1em 0 0;color:#7a2e1d}
.prose a,.back a{color:#7a2e1d}
footer{text-align:center;border-top:3px double #8b7d6b}
@media (max-width:34rem){.item{grid-template-columns:1fr}}`,
};

/** CSS class of each layout's <body>. */
export const LAYOUT_CLASS: Record<BlogLayout, string> = { Minimalista: 'l-minimalista', Moderno: 'l-moderno', Clásico: 'l-clasico' };

const styleCache = new Map<BlogLayout, { css: string; hash: string }>();

/** The stylesheet of `layout` and its CSP hash. */
export function layoutStyle(layout: BlogLayout): { css: string; hash: string } {
  let style = styleCache.get(layout);
  if (!style) {
    const css = `${BASE_CSS}\n${LAYOUT_CSS[layout]}`;
    style = { css, hash: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` };
    styleCache.set(layout, style);
  }
  return style;
}

// ---- Documents ----

interface HeadInput {
  title: string;
  description: string;
  /** Absolute canonical URL; omitted on not-found pages. */
  url?: string;
  type?: 'website' | 'article';
  image?: string | null;
  siteName?: string;
  publishedAt?: string;
  noindex?: boolean;
}

function head(input: HeadInput, css: string): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    meta('name', 'description', input.description),
  ];
  if (input.noindex) lines.push('<meta name="robots" content="noindex">');
  if (input.url) {
    lines.push(
      `<link rel="canonical" href="${escapeHtml(input.url)}">`,
      meta('property', 'og:type', input.type ?? 'website'),
      meta('property', 'og:title', input.title),
      meta('property', 'og:description', input.description),
      meta('property', 'og:url', input.url),
      meta('property', 'og:locale', 'es_ES'),
    );
    if (input.siteName) lines.push(meta('property', 'og:site_name', input.siteName));
    if (input.image) lines.push(meta('property', 'og:image', input.image), meta('name', 'twitter:card', 'summary_large_image'));
    if (input.publishedAt) lines.push(meta('property', 'article:published_time', input.publishedAt));
  }
  lines.push(`<style>${css}</style>`);
  return lines.join('\n');
}

function document(layout: BlogLayout, headHtml: string, bodyHtml: string): string {
  return `<!doctype html>\n<html lang="es">\n<head>\n${headHtml}\n</head>\n<body class="${LAYOUT_CLASS[layout]}">\n${bodyHtml}\n</body>\n</html>\n`;
}

function image(url: string, className: string, options: { eager?: boolean } = {}): string {
  const loading = options.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img class="${className}" src="${escapeHtml(url)}" alt=""${loading} decoding="async">`;
}

function masthead(blog: PageBlog, options: { tagline: boolean }): string {
  const parts = ['<header class="masthead">'];
  if (blog.headerImageUrl) parts.push(image(blog.headerImageUrl, 'banner', { eager: true }));
  parts.push('<div class="wrap masthead-text">', `<a class="brand" href="${escapeHtml(blogPath(blog.slug))}">${escapeHtml(blog.name)}</a>`);
  if (options.tagline && blog.topics.trim()) parts.push(`<p class="tagline">${escapeHtml(shortText(blog.topics, 200))}</p>`);
  parts.push('</div>', '</header>');
  return parts.join('\n');
}

function footer(blog: PageBlog, now: Date): string {
  return `<footer class="wrap"><p>© ${now.getUTCFullYear()} ${escapeHtml(blog.name)}</p><p class="privacy">${escapeHtml(LINK_MSG.privacyNote)}</p></footer>`;
}

/** Path of the chat widget frame of brand `uid` (the web app's `/widget/{uid}`, as the Widgets snippet embeds it). */
export function widgetFramePath(uid: string): string {
  return `/widget/${encodeURIComponent(uid)}`;
}

/** The widget frame's URL: `<origin>/widget/<uid>` with the visit's `ref` and utm_* (shared visitToSearch) as its query. */
export function widgetFrameUrl(origin: string, uid: string, visit: Visit | undefined): string {
  const search = visitToSearch(visit);
  return `${origin}${widgetFramePath(uid)}${search ? `?${search}` : ''}`;
}

/** The chat widget of the blog's brand, fixed bottom-right ('' when the blog names none). */
function chatWidget(blog: PageBlog, context: PageContext): string {
  if (!blog.widgetUid) return '';
  const src = widgetFrameUrl(context.origin, blog.widgetUid, context.visit);
  return `<iframe class="chat-widget" src="${escapeHtml(src)}" title="Chat" width="${WIDGET_FRAME.width}" height="${WIDGET_FRAME.height}" loading="lazy"></iframe>`;
}

/** The page's frame origin: the site's own when the page embeds the widget. */
function framing(blog: PageBlog, context: PageContext): Pick<Page, 'frameOrigin'> {
  return blog.widgetUid ? { frameOrigin: context.origin } : {};
}

function time(iso: string): string {
  const text = spanishDate(iso);
  return text ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>` : '';
}

function listItem(blog: PageBlog, article: PageArticle, index: number): string {
  const href = escapeHtml(articlePath(blog.slug, article.slug));
  // Minimalista lists text only; the other layouts show each cover beside or above its entry.
  const cover = blog.layout !== 'Minimalista' && article.coverUrl ? `<a href="${href}" tabindex="-1" aria-hidden="true">${image(article.coverUrl, 'cover', { eager: index === 0 })}</a>` : '';
  const className = cover ? 'item' : 'item no-cover';
  return [
    `<li class="${className}">`,
    cover,
    '<div class="item-text">',
    `<h2><a href="${href}">${escapeHtml(article.title)}</a></h2>`,
    time(article.publishedAt),
    `<p>${escapeHtml(article.summary)}</p>`,
    '</div>',
    '</li>',
  ]
    .filter(Boolean)
    .join('\n');
}

function imagesOf(blog: PageBlog, ...urls: (string | null)[]): string[] {
  return [blog.headerImageUrl, ...urls].filter((url): url is string => Boolean(url));
}

/** The blog's home: every published article, newest first. */
export function blogListPage(blog: PageBlog, list: readonly PageArticle[], context: PageContext, now = new Date()): Page {
  const { css, hash } = layoutStyle(blog.layout);
  const description = shortText(blog.topics.trim() ? `${PUBLIC_BLOG_TEXT.articlesOf(blog.name)}: ${blog.topics}` : PUBLIC_BLOG_TEXT.articlesOf(blog.name));
  const headHtml = head(
    {
      title: `${blog.name} · ${PUBLIC_BLOG_TEXT.blogSuffix}`,
      description,
      url: context.origin + blogPath(blog.slug),
      type: 'website',
      image: blog.headerImageUrl,
      siteName: blog.name,
    },
    css,
  );
  const items = list.length
    ? `<ul class="list" aria-label="Artículos">\n${list.map((article, index) => listItem(blog, article, index)).join('\n')}\n</ul>`
    : `<p class="empty">${escapeHtml(PUBLIC_BLOG_TEXT.noArticles)}</p>`;
  const body = [masthead(blog, { tagline: true }), `<main class="wrap">\n${items}\n</main>`, footer(blog, now), chatWidget(blog, context)].filter(Boolean).join('\n');
  const covers = blog.layout === 'Minimalista' ? [] : list.map((article) => article.coverUrl);
  return { status: 200, html: document(blog.layout, headHtml, body), styleHashes: [hash], imageUrls: imagesOf(blog, ...covers), ...framing(blog, context) };
}

/** One article: title, date, cover, summary and the body rendered from Markdown. */
export function articlePage(blog: PageBlog, article: PageArticle & { body: string }, context: PageContext, now = new Date()): Page {
  const { css, hash } = layoutStyle(blog.layout);
  const headHtml = head(
    {
      title: `${article.title} · ${blog.name}`,
      description: shortText(article.summary || article.title),
      url: context.origin + articlePath(blog.slug, article.slug),
      type: 'article',
      image: article.coverUrl ?? blog.headerImageUrl,
      siteName: blog.name,
      publishedAt: article.publishedAt,
    },
    css,
  );
  const parts = [
    '<article class="article">',
    `<p class="back"><a href="${escapeHtml(blogPath(blog.slug))}">${escapeHtml(PUBLIC_BLOG_TEXT.allArticles)}</a></p>`,
    `<h1 class="title">${escapeHtml(article.title)}</h1>`,
    `<p class="meta">${time(article.publishedAt)}</p>`,
  ];
  if (article.coverUrl) parts.push(`<figure class="hero">${image(article.coverUrl, 'cover', { eager: true })}</figure>`);
  if (article.summary.trim()) parts.push(`<p class="lead">${escapeHtml(article.summary)}</p>`);
  parts.push(`<div class="prose">\n${renderMarkdown(article.body, { headingOffset: 1 })}\n</div>`, '</article>');
  const body = [masthead(blog, { tagline: false }), `<main class="wrap">\n${parts.join('\n')}\n</main>`, footer(blog, now), chatWidget(blog, context)].filter(Boolean).join('\n');
  return { status: 200, html: document(blog.layout, headHtml, body), styleHashes: [hash], imageUrls: imagesOf(blog, article.coverUrl), ...framing(blog, context) };
}

/** 404 inside an existing blog: same header and layout, no hint whether a draft exists. */
export function articleNotFoundPage(blog: PageBlog, now = new Date()): Page {
  const { css, hash } = layoutStyle(blog.layout);
  const headHtml = head({ title: `${PUBLIC_BLOG_TEXT.articleNotFoundTitle} · ${blog.name}`, description: PUBLIC_BLOG_TEXT.articleNotFound, noindex: true }, css);
  const main = [
    '<main class="wrap">',
    `<h1 class="title">${escapeHtml(PUBLIC_BLOG_TEXT.articleNotFoundTitle)}</h1>`,
    `<p class="notice">${escapeHtml(PUBLIC_BLOG_TEXT.articleNotFound)}</p>`,
    `<p><a href="${escapeHtml(blogPath(blog.slug))}">${escapeHtml(PUBLIC_BLOG_TEXT.backToBlog)}</a></p>`,
    '</main>',
  ].join('\n');
  const body = [masthead(blog, { tagline: false }), main, footer(blog, now)].join('\n');
  return { status: 404, html: document(blog.layout, headHtml, body), styleHashes: [hash], imageUrls: imagesOf(blog) };
}

function plainPage(status: 404 | 500, title: string, text: string): Page {
  const { css, hash } = layoutStyle('Minimalista');
  const headHtml = head({ title, description: text, noindex: true }, css);
  const body = `<main class="wrap">\n<h1 class="title">${escapeHtml(title)}</h1>\n<p class="notice">${escapeHtml(text)}</p>\n</main>`;
  return { status, html: document('Minimalista', headHtml, body), styleHashes: [hash], imageUrls: [] };
}

/** 404 for an unknown slug, a disabled blog or an inactive owner: all look the same. */
export function blogNotFoundPage(): Page {
  return plainPage(404, PUBLIC_BLOG_TEXT.blogNotFoundTitle, PUBLIC_BLOG_TEXT.blogNotFound);
}

/** 500: nothing about the cause (it is logged with the request id). */
export function errorPage(): Page {
  return plainPage(500, PUBLIC_BLOG_TEXT.errorTitle, PUBLIC_BLOG_TEXT.error);
}

// ---- HTTP ----

/** Browser cache lifetime of a found page, seconds (CloudFront keeps it as long). */
export const PAGE_MAX_AGE_SECONDS = 60;
/** Cache lifetime of a not-found page: short, so a blog that is switched on shows up soon. */
export const NOT_FOUND_MAX_AGE_SECONDS = 10;

/** The origins (`scheme://host[:port]`) of `urls`, deduplicated, in order. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { protocol, origin } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // Not an absolute URL: nothing to allow.
    }
  }
  return [...origins];
}

/**
 * The page's Content-Security-Policy: nothing by default (so no script of any kind, no fetch, no
 * font, no form), its own stylesheet by hash, images from our signed URLs' origins and from https
 * (article Markdown may show images from the web), and frames from the site's own origin only
 * when the page embeds the chat widget (no frame otherwise).
 */
export function contentSecurityPolicy(page: Pick<Page, 'styleHashes' | 'imageUrls' | 'frameOrigin'>): string {
  const images = ["'self'", ...originsOf(page.imageUrls).filter((origin) => !origin.startsWith('https:')), 'https:'];
  const frames = page.frameOrigin ? originsOf([page.frameOrigin]) : [];
  return [
    "default-src 'none'",
    `style-src ${page.styleHashes.join(' ')}`,
    `img-src ${images.join(' ')}`,
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface PageResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP response of a page: HTML, CSP, nosniff, referrer policy and a short cache. */
export function pageResponse(page: Page): PageResponse {
  const cache =
    page.status === 200
      ? `public, max-age=${PAGE_MAX_AGE_SECONDS}`
      : page.status === 404
        ? `public, max-age=${NOT_FOUND_MAX_AGE_SECONDS}`
        : 'no-store';
  return {
    statusCode: page.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(page),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': cache,
    },
    body: page.html,
  };
}
