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
 * Kept out of `shared/index.ts` on purpose: import it from `shared/markdown` so the login path and
 * the Lambdas that do not render Markdown never carry micromark.
 */
import { micromark } from 'micromark';

export interface RenderMarkdownOptions {
  /** Levels to add to every heading (`#` → `<h2>` with 1), capped at `<h6>`. Default 0. */
  headingOffset?: number;
}

/** Relationship of every link of rendered Markdown. */
export const MARKDOWN_LINK_REL = 'nofollow noopener';

// Raw HTML in the input is always escaped (`<` → `&lt;`), so any tag below is one micromark wrote.
const LINK_OPEN = /<a href="/g;
const HEADING_TAG = /<(\/?)h([1-6])>/g;

/** The HTML of `markdown`: no raw HTML, no dangerous URLs, links with rel="nofollow noopener". */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  const html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
  const offset = Math.max(0, Math.trunc(options.headingOffset ?? 0));
  const withRel = html.replace(LINK_OPEN, `<a rel="${MARKDOWN_LINK_REL}" href="`);
  if (offset === 0) return withRel;
  return withRel.replace(HEADING_TAG, (_tag, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + offset)}>`);
}
