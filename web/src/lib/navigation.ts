/**
 * In-app links to dashboard pages (issue 13: a failed publication's fix link, e.g. 'Reconecta
 * Instagram' → '/redes'). The dashboard has no URL routes (see app/entry/surface.ts): a link whose
 * path names a page ('/redes') asks the shell to show that page instead of loading a URL.
 */
import { PAGES, type PageKey } from '@director-ia/shared';

/** The window event the shell listens to; its `detail` is the page key. */
export const OPEN_PAGE_EVENT = 'director-ia:open-page';

/** The page a same-origin path names ('/redes', '/redes/' → 'redes'), or null. */
export function pageKeyOfHref(href: string): PageKey | null {
  const match = /^\/([a-z_]+)\/?$/.exec(href);
  return PAGES.find((page) => page.key === match?.[1])?.key ?? null;
}

/** Shows page `key` (the shell still applies its access rule). */
export function openPage(key: PageKey, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<PageKey>(OPEN_PAGE_EVENT, { detail: key }));
}
