/** The QR link and the widget snippet (spec sections 2 "Modals" and 9). */
import { describe, expect, it } from 'vitest';
import { chatLink, widgetLink, widgetSnippet } from '../../../../../../web/src/features/tools/links';

const ORIGIN = 'https://acme.example';
const UID = '0b7c5a1e-1111-4c2d-9e3f-abcdefabcdef';

describe('tool links', () => {
  it('the QR encodes {origin}/chat/{uid}', () => {
    expect(chatLink(ORIGIN, UID)).toBe(`${ORIGIN}/chat/${UID}`);
  });

  it('the widget frame loads {origin}/widget/{uid}', () => {
    expect(widgetLink(ORIGIN, UID)).toBe(`${ORIGIN}/widget/${UID}`);
  });

  it('the snippet is one iframe, 350x500, fixed bottom-right at 20px', () => {
    const snippet = widgetSnippet(ORIGIN, UID);
    expect(snippet.startsWith('<iframe ')).toBe(true);
    expect(snippet.endsWith('></iframe>')).toBe(true);
    expect(snippet).toContain(`src="${ORIGIN}/widget/${UID}"`);
    expect(snippet).toContain('width="350" height="500"');
    expect(snippet).toContain('position:fixed;bottom:20px;right:20px;width:350px;height:500px');
  });

  it('cannot be broken out of by odd input', () => {
    const snippet = widgetSnippet('https://x"><script>', 'a"b');
    expect(snippet).not.toContain('<script>');
    expect(snippet.match(/"/g)?.length).toBe(12);
  });
});
