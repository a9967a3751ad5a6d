/**
 * A post's publications in its dialog (issue 13 items 3–4), rendered to HTML: one row per
 * publication with `data-network` / `data-state`, its destination, state, due time on the brand's
 * clock, reason, fix link, "Ver publicación" in a new tab (noopener), the private-only note and
 * the sandbox mark; each state's actions by their visible names.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, type Publication } from '@director-ia/shared';
import { publication } from '../../features/publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { actionsFor, PublicationList } = await import('../../../../../../web/src/pages/calendario/PublicationList');
const { PUBLISHING_UI } = await import('../../../../../../web/src/features/publishing');

const NOW = Date.parse('2026-07-14T16:00:00.000Z');
const render = (publications: Publication[], busy: { publicationId: string; action: 'publishNow' } | null = null) =>
  renderToStaticMarkup(createElement(PublicationList, { publications, timeZone: 'Europe/Madrid', now: NOW, busy, onAction: () => undefined }));

/** The row of publication `id`. */
const row = (html: string, id: string) => html.match(new RegExp(`<li[^>]*data-publication-id="${id}"[^>]*>.*?</li>`))?.[0] ?? '';
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<[^>]+>)*([^<]*)<\/button>/g)].map((match) => match[1]);

describe('actionsFor', () => {
  it('offers what each state allows', () => {
    expect(actionsFor('programado')).toEqual(['publishNow']);
    expect(actionsFor('no_publicado')).toEqual(['publishNow']);
    expect(actionsFor('error')).toEqual(['retry']);
    expect(actionsFor('sin_confirmar')).toEqual(['confirmPublished', 'confirmNotPublished']);
    expect(actionsFor('publicando')).toEqual([]);
    expect(actionsFor('publicado')).toEqual([]);
  });
});

describe('PublicationList', () => {
  const list = [
    publication({ id: 'a' }),
    publication({ id: 'b', network: 'facebook', targetName: 'Página', state: 'error', reason: PUBLICATION_MSG.accessRevoked('facebook'), fix: { label: PUBLICATION_MSG.reconnect('facebook'), href: '/redes' } }),
    publication({ id: 'c', network: 'x', targetName: null, state: 'publicado', url: 'https://x.example/status/1', publishedAt: '2026-07-14T17:00:05.000Z', sandbox: true }),
    publication({ id: 'd', network: 'tiktok', state: 'sin_confirmar', reason: PUBLICATION_MSG.unconfirmed('tiktok'), privacy: 'private' }),
  ];
  const html = render(list);

  it('is one row per publication with its network and state as attributes', () => {
    expect([...html.matchAll(/data-network="([a-z]+)" data-state="([a-z_]+)"/g)].map((match) => `${match[1]}:${match[2]}`)).toEqual(['instagram:programado', 'facebook:error', 'x:publicado', 'tiktok:sin_confirmar']);
  });

  it("shows the destination, the state and the due time on the brand's clock", () => {
    const programado = row(html, 'a');
    expect(programado).toContain('Floristería Alba');
    expect(programado).toContain('Programado');
    expect(programado).toMatch(/dateTime="2026-07-14T17:00:00.000Z">[^<]*14 de julio · 19:00</);
    expect(buttons(programado)).toEqual([PUBLICATION_MSG.publishNow]);
  });

  it('shows an error with its reason, its fix link and Reintentar', () => {
    const error = row(html, 'b');
    expect(error).toContain(PUBLICATION_MSG.accessRevoked('facebook'));
    expect(error).toContain(`href="/redes">${PUBLICATION_MSG.reconnect('facebook')}</a>`);
    expect(buttons(error)).toEqual([PUBLICATION_MSG.retry]);
  });

  it('links a published post in a new tab and marks the sandbox', () => {
    const published = row(html, 'c');
    expect(published).toMatch(/<a href="https:\/\/x.example\/status\/1" target="_blank" rel="noopener noreferrer">Ver publicación<\/a>/);
    expect(published).toContain('Red de pruebas');
    expect(buttons(published)).toEqual([]);
  });

  it("asks about an unconfirmed one and says a private app's note", () => {
    const unconfirmed = row(html, 'd');
    expect(buttons(unconfirmed)).toEqual([PUBLICATION_MSG.confirmPublished, PUBLICATION_MSG.confirmNotPublished]);
    expect(unconfirmed).toContain(PUBLICATION_MSG.privateOnly.tiktok);
    expect(unconfirmed).toContain(PUBLISHING_UI.privateBadge);
  });

  it('does not link a URL that is not a web address', () => {
    expect(render([publication({ state: 'publicado', url: 'javascript:alert(1)' })])).not.toContain('javascript:');
  });

  it('reads a programado publication an hour late as no publicado, with Publicar ahora', () => {
    const late = render([publication({ dueAt: '2026-07-14T14:00:00.000Z' })]);
    expect(late).toContain('data-state="no_publicado"');
    expect(late).toContain(PUBLICATION_MSG.notPublished);
    expect(buttons(late)).toEqual([PUBLICATION_MSG.publishNow]);
  });

  it('disables every action while one runs', () => {
    const busy = render(list, { publicationId: 'a', action: 'publishNow' });
    expect(busy.match(/<button[^>]*disabled=""/g)).toHaveLength(4);
    expect(row(busy, 'a')).toContain('aria-busy="true"');
  });

  it('says when there is no publication yet', () => {
    expect(render([])).toContain(PUBLISHING_UI.noPublications);
  });
});
