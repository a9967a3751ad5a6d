/**
 * The top bar (spec 2) with Bandeja's unread badge (issue 14 item 5): the count beside the label,
 * out of the button's name (aria-hidden) and given as its description; none at 0; '99+' beyond 99.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TopBar } from '../../../../../../web/src/app/shell/TopBar';

const render = (unread: number) => renderToStaticMarkup(createElement(TopBar, { current: 'leads', isAdmin: false, onSelect: () => undefined, badges: { bandeja: unread } }));
const bandejaButton = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Bandeja(?:(?!<\/button>).)*<\/button>/)?.[0] ?? '';

describe('TopBar badge', () => {
  it('shows the unread count, described and kept out of the name', () => {
    const html = render(3);
    const button = bandejaButton(html);
    expect(button).toContain('aria-describedby="nav-badge-bandeja"');
    expect(button).toMatch(/<span[^>]*aria-hidden="true"[^>]*>3<\/span>/);
    expect(html).toContain('<span id="nav-badge-bandeja" class="visually-hidden">3 mensajes sin leer</span>');
    expect(render(1)).toContain('1 mensaje sin leer');
  });

  it('shows none at 0 and caps the number at 99+', () => {
    expect(bandejaButton(render(0))).not.toContain('aria-describedby');
    expect(render(0)).not.toContain('nav-badge-bandeja');
    expect(render(250)).toMatch(/>99\+<\/span>/);
  });
});
