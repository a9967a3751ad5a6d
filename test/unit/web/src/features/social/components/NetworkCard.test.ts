/**
 * A network's card on the Redes page (spec 2 'redes', issue 12 item 1), rendered to HTML: an
 * unavailable network says so and cannot be connected; the sandbox is always labelled; a card to
 * reconnect says why and offers Conectar and Desconectar; a connected card shows the account and
 * its avatar (or initial), the selected targets only, when it was connected, and Desconectar and
 * "Elegir destinos" under their stable accessible names; a network whose app may only publish
 * privately says so (issue 13).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PUBLICATION_MSG, type SocialConnection } from '@director-ia/shared';
import { NetworkCard } from '../../../../../../../web/src/features/social/components/NetworkCard';
import { card, connectedFacebook, SOCIAL_MSG } from '../fixtures';

const render = (connection: SocialConnection, busy: { connecting?: boolean; disconnecting?: boolean } = {}) =>
  renderToStaticMarkup(createElement(NetworkCard, { connection, onConnect: () => undefined, onDisconnect: () => undefined, onChooseTargets: () => undefined, ...busy }));

/** The opening tag of the button named `name`, or undefined. */
const button = (html: string, name: string) => html.match(new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`))?.[0];
const isDisabled = (tag: string | undefined) => / disabled=""/.test(tag ?? '');

describe('NetworkCard', () => {
  it('a disconnected network offers Conectar only', () => {
    const html = render(card('linkedin'));
    expect(html).toContain('LinkedIn');
    expect(html).toContain('Desconectada');
    expect(isDisabled(button(html, 'Conectar LinkedIn'))).toBe(false);
    expect(button(html, 'Desconectar LinkedIn')).toBeUndefined();
    expect(html).not.toContain(SOCIAL_MSG.unavailable);
  });

  it('an unavailable network says so and its Conectar is disabled', () => {
    const html = render(card('tiktok', { available: false }));
    expect(html).toContain(SOCIAL_MSG.unavailable);
    expect(isDisabled(button(html, 'Conectar TikTok'))).toBe(true);
  });

  it.each([card('x', { sandbox: true }), { ...connectedFacebook, sandbox: true }, card('youtube', { sandbox: true, state: 'reconectar' })])('labels the sandbox whatever the state ($state)', (connection) => {
    expect(render(connection)).toContain(SOCIAL_MSG.sandbox);
  });

  it('does not label a real network as the sandbox', () => {
    expect(render(connectedFacebook)).not.toContain(SOCIAL_MSG.sandbox);
  });

  it('a connection to reconnect says why and offers Conectar and Desconectar', () => {
    const html = render({ ...connectedFacebook, network: 'x', state: 'reconectar', reconnectReason: SOCIAL_MSG.accessRevoked('x') });
    expect(html).toContain(SOCIAL_MSG.reconnect('x'));
    expect(html).toContain(SOCIAL_MSG.accessRevoked('x'));
    expect(isDisabled(button(html, 'Conectar X'))).toBe(false);
    expect(button(html, 'Desconectar X')).toBeDefined();
  });

  it('a connected card shows the account, its picture, the selected targets and the date', () => {
    const html = render(connectedFacebook);
    expect(html).toContain('Usuario de pruebas');
    expect(html).toContain('src="https://cdn.example/u1.jpg"');
    expect(html).toContain('Página de pruebas');
    expect(html).not.toContain('Segunda página de pruebas');
    expect(html).toMatch(/Conectada el 5 de mayo de 2026/);
    expect(html).toContain('dateTime="2026-05-05T10:00:00.000Z"');
    expect(button(html, 'Desconectar Facebook')).toBeDefined();
    expect(button(html, 'Elegir destinos de Facebook')).toBeDefined();
    expect(button(html, 'Conectar Facebook')).toBeUndefined();
  });

  it('shows the initial when there is no usable picture', () => {
    const html = render({ ...connectedFacebook, account: { id: 'u1', name: 'zoe', pictureUrl: 'javascript:alert(1)' } });
    expect(html).not.toContain('<img');
    expect(html).toMatch(/>Z<\/span>/);
  });

  it('says when no target is chosen yet', () => {
    const html = render({ ...connectedFacebook, targets: connectedFacebook.targets.map((target) => ({ ...target, selected: false })) });
    expect(html).toContain('Aún no has elegido dónde publicará la IA.');
  });

  it('busy buttons are disabled and say so', () => {
    const html = render(card('pinterest'), { connecting: true });
    const tag = button(html, 'Conectar Pinterest');
    expect(isDisabled(tag)).toBe(true);
    expect(tag).toContain('aria-busy="true"');
  });

  it("shows the app's publishing note when it may only publish privately", () => {
    const note = PUBLICATION_MSG.privateOnly.tiktok ?? '';
    expect(render(card('tiktok', { state: 'conectada', account: { id: 'u', name: 'Alba', pictureUrl: null }, publishingNote: note }))).toContain(note);
    expect(render(connectedFacebook)).not.toContain('data-testid="publishing-note"');
  });
});
