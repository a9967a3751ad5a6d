/** In-app links to dashboard pages (issue 13's fix links, e.g. '/redes'): which paths name a page, and the event that opens it. */
import { describe, expect, it } from 'vitest';
import { OPEN_PAGE_EVENT, openPage, pageKeyOfHref } from '../../../../../web/src/lib/navigation';

describe('pageKeyOfHref', () => {
  it('names a page by its key', () => {
    expect(pageKeyOfHref('/redes')).toBe('redes');
    expect(pageKeyOfHref('/redes/')).toBe('redes');
    expect(pageKeyOfHref('/ia_config')).toBe('ia_config');
  });

  it('is null for anything else', () => {
    expect(pageKeyOfHref('/nada')).toBeNull();
    expect(pageKeyOfHref('https://x.com/redes')).toBeNull();
    expect(pageKeyOfHref('/redes/otra')).toBeNull();
  });
});

describe('openPage', () => {
  it('dispatches the page key for the shell', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    target.addEventListener(OPEN_PAGE_EVENT, (event) => seen.push((event as CustomEvent).detail));
    openPage('redes', target);
    expect(seen).toEqual(['redes']);
  });
});
