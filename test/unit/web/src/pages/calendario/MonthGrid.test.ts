/**
 * The month grid's publication chips (issue 13 item 4), rendered to HTML: under each post one
 * chip per publication with `data-network` / `data-state`, the state's Spanish label, the reason
 * in its accessible name and tooltip, "Red de pruebas" for the sandbox; a past post that never
 * went out reads 'No publicado'; the post button's accessible name is unchanged.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, type ScheduledPost } from '@director-ia/shared';
import { publication, scheduledPost } from '../../features/publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { MonthGrid } = await import('../../../../../../web/src/pages/calendario/MonthGrid');

const render = (posts: ScheduledPost[], now: number) =>
  renderToStaticMarkup(createElement(MonthGrid, { month: '2026-07', today: '2026-07-14', posts, onOpenPost: () => undefined, now, timeZone: 'Europe/Madrid' }));
const chips = (html: string) => [...html.matchAll(/<li class="[^"]*" data-network="([a-z]+)" data-state="([a-z_]+)"[^>]*aria-label="([^"]*)"/g)].map((match) => [match[1], match[2], match[3]]);

describe('MonthGrid publication chips', () => {
  it('shows each publication with its state, reason and sandbox mark', () => {
    const post = scheduledPost({
      publications: [
        publication({ state: 'publicado', sandbox: true }),
        publication({ id: 'pub-2', network: 'facebook', targetName: null, state: 'error', reason: PUBLICATION_MSG.accessRevoked('facebook') }),
      ],
    });
    const html = render([post], Date.parse('2026-07-14T17:01:00.000Z'));
    expect(chips(html)).toEqual([
      ['instagram', 'publicado', 'Instagram · Floristería Alba: Publicado (Red de pruebas)'],
      ['facebook', 'error', 'Facebook: Error. Facebook ya no acepta el acceso concedido.'],
    ]);
    expect(html).toContain('data-tone="publicado"');
    expect(html).toContain('data-tone="error"');
    expect(html).toContain('Red de pruebas</span>');
    expect(html).toContain('aria-label="Ramos de temporada · 19:00 · Instagram · Aprobado"');
  });

  it('reads a past post that never went out as No publicado, and a future one shows no chip', () => {
    expect(chips(render([scheduledPost()], Date.parse('2026-07-14T17:01:00.000Z')))).toEqual([['instagram', 'no_publicado', `Instagram: No publicado. ${PUBLICATION_MSG.notPublished}`]]);
    expect(chips(render([scheduledPost()], Date.parse('2026-07-14T16:59:00.000Z')))).toEqual([]);
  });
});
