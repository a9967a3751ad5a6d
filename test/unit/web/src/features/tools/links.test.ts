/**
 * The QR link and the widget snippet (spec sections 2 "Modals" and 9; issue 15 item 4: the
 * snippet's script passes the host page's `ref` and utm_* on to the frame, run here in a fake DOM).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { chatLink, HOST_VISIT_KEY, VISIT_FORWARD_SCRIPT, WIDGET_FRAME_ID, widgetLink, widgetSnippet } from '../../../../../../web/src/features/tools/links';

const ORIGIN = 'https://acme.example';
const UID = '0b7c5a1e-1111-4c2d-9e3f-abcdefabcdef';

describe('tool links', () => {
  it('the QR encodes {origin}/chat/{uid}', () => {
    expect(chatLink(ORIGIN, UID)).toBe(`${ORIGIN}/chat/${UID}`);
  });

  it('the widget frame loads {origin}/widget/{uid}', () => {
    expect(widgetLink(ORIGIN, UID)).toBe(`${ORIGIN}/widget/${UID}`);
  });

  it('the snippet is one iframe, 350x500, fixed bottom-right at 20px, then one inline script', () => {
    const snippet = widgetSnippet(ORIGIN, UID);
    const [frame, script] = snippet.split('\n');
    expect(frame?.startsWith(`<iframe id="${WIDGET_FRAME_ID}" `)).toBe(true);
    expect(frame?.endsWith('></iframe>')).toBe(true);
    expect(frame).toContain(`src="${ORIGIN}/widget/${UID}"`);
    expect(frame).toContain('width="350" height="500"');
    expect(frame).toContain('position:fixed;bottom:20px;right:20px;width:350px;height:500px');
    expect(script).toBe(`<script>${VISIT_FORWARD_SCRIPT}</script>`);
    expect(snippet.match(/<script/g)).toHaveLength(1);
    expect(snippet).not.toMatch(/src="[^"]*\.js"|<script [^>]*src=/);
  });

  it('the script is ES5 (no let, const, arrows or template literals)', () => {
    expect(VISIT_FORWARD_SCRIPT).not.toMatch(/\b(let|const)\b|=>|`/);
  });

  it('cannot be broken out of by odd input', () => {
    const snippet = widgetSnippet('https://x"><script>', 'a"b');
    expect(snippet.match(/<script/g)).toHaveLength(1);
    const frame = snippet.split('\n')[0] ?? '';
    expect(frame).not.toContain('<script>');
    expect(frame.match(/"/g)?.length).toBe(14);
  });
});

/** A host page with the frame, its location's query and its sessionStorage. */
function hostPage(search: string, stored: Record<string, string> = {}, options: { storageThrows?: boolean; frame?: boolean } = {}) {
  const frame = { src: `${ORIGIN}/widget/${UID}` };
  const storage = {
    getItem(key: string) {
      if (options.storageThrows) throw new Error('SecurityError');
      return stored[key] ?? null;
    },
    setItem(key: string, value: string) {
      if (options.storageThrows) throw new Error('SecurityError');
      stored[key] = value;
    },
  };
  const document = { getElementById: (id: string) => (id === WIDGET_FRAME_ID && options.frame !== false ? frame : null) };
  runInNewContext(VISIT_FORWARD_SCRIPT, { document, location: { search }, sessionStorage: storage });
  return { frame, stored };
}

describe('the snippet script', () => {
  it("appends the page's ref and utm_* to the frame's URL, and only those", () => {
    const { frame, stored } = hostPage('?utm_source=instagram&utm_medium=social&otro=1&ref=Ab3dEf9h&utm_campaign=oto%C3%B1o&xref=no');
    expect(frame.src).toBe(`${ORIGIN}/widget/${UID}?utm_source=instagram&utm_medium=social&ref=Ab3dEf9h&utm_campaign=oto%C3%B1o`);
    expect(stored[HOST_VISIT_KEY]).toBe('utm_source=instagram&utm_medium=social&ref=Ab3dEf9h&utm_campaign=oto%C3%B1o');
  });

  it('uses what the host site kept when the page itself carries nothing', () => {
    const { frame } = hostPage('?pagina=2', { [HOST_VISIT_KEY]: 'ref=Ab3dEf9h&utm_content=post-1' });
    expect(frame.src).toBe(`${ORIGIN}/widget/${UID}?ref=Ab3dEf9h&utm_content=post-1`);
  });

  it("a page with its own visit replaces the kept one", () => {
    const { frame, stored } = hostPage('?utm_source=facebook', { [HOST_VISIT_KEY]: 'ref=Ab3dEf9h' });
    expect(frame.src).toBe(`${ORIGIN}/widget/${UID}?utm_source=facebook`);
    expect(stored[HOST_VISIT_KEY]).toBe('utm_source=facebook');
  });

  it('leaves the frame alone with nothing to pass on, and survives blocked storage or a missing frame', () => {
    expect(hostPage('').frame.src).toBe(`${ORIGIN}/widget/${UID}`);
    expect(hostPage('?ref=Ab3dEf9h', {}, { storageThrows: true }).frame.src).toBe(`${ORIGIN}/widget/${UID}?ref=Ab3dEf9h`);
    expect(hostPage('', {}, { storageThrows: true }).frame.src).toBe(`${ORIGIN}/widget/${UID}`);
    expect(() => hostPage('?ref=Ab3dEf9h', {}, { frame: false })).not.toThrow();
  });
});
