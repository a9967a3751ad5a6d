/**
 * The open conversation (issue 14 item 2) rendered to HTML: messages oldest first as `li`s with
 * `data-message-id`, `data-author` and (brand messages) `data-state`; authors Cliente / IA / Tú;
 * the offline and hand-off marks; the delivery state with a failure's reason; a suggestion
 * editable with 'Aprobar y enviar' and 'Descartar'; the reply box open for a network inside its
 * window, and closed saying why for the widget and past the window; 'Ver lead' when there is a lead.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { INBOX_MSG, type ConversationSummary, type InboxMessage } from '@director-ia/shared';
import { conversation, message, NOW } from '../../features/inbox/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { ThreadPanel } = await import('../../../../../../web/src/pages/bandeja/ThreadPanel');
const { threadKey } = await import('../../../../../../web/src/features/inbox');
const { ToastProvider } = await import('../../../../../../web/src/ui/toast/ToastProvider');

function render(summary: ConversationSummary, messages: InboxMessage[], now = NOW) {
  const client = new QueryClient();
  client.setQueryData(threadKey(summary.id), { conversation: summary, messages });
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(ToastProvider, null, createElement(ThreadPanel, { id: summary.id, now, onBack: () => undefined }))),
  );
}

/** The opening tag of the element named `name` (aria-label) or holding text `name`. */
const textarea = (html: string, name: string) => html.match(new RegExp(`<textarea[^>]*aria-label="${name}"[^>]*>`))?.[0];
const buttonWith = (html: string, text: string) => html.match(new RegExp(`<button[^>]*>(?:(?!</button>).)*${text}</button>`))?.[0];
const isDisabled = (tag: string | undefined) => / disabled=""/.test(tag ?? '');

const thread = [
  message({ id: 'm1' }),
  message({ id: 'm2', author: 'ai', state: 'enviada', text: 'Sí, los viernes.', offline: true, createdAt: '2026-05-05T11:56:00.000Z' }),
  message({ id: 'm3', author: 'ai', state: 'enviada', handoff: true, text: INBOX_MSG.defaultHandoff, createdAt: '2026-05-05T11:57:00.000Z' }),
  message({ id: 'm4', author: 'owner', state: 'error', error: INBOX_MSG.notConnected('Instagram'), text: 'Hola', createdAt: '2026-05-05T11:58:00.000Z' }),
  message({ id: 'm5', author: 'ai', state: 'sugerida', text: 'Tenemos pan sin gluten.', createdAt: '2026-05-05T11:59:00.000Z' }),
];

describe('ThreadPanel', () => {
  it('shows the messages oldest first with their authors, marks and delivery states', () => {
    const html = render(conversation(), thread);
    expect(html).toMatch(/<section[^>]*aria-label="Conversación con Lucía Pérez"/);
    expect(html).toMatch(/<ol[^>]*aria-label="Mensajes"/);
    const items = [...html.matchAll(/<li[^>]*data-message-id="([^"]+)" data-author="([^"]+)"(?: data-state="([^"]+)")?/g)].map((match) => match.slice(1));
    expect(items).toEqual([
      ['m1', 'customer', undefined],
      ['m2', 'ai', 'enviada'],
      ['m3', 'ai', 'enviada'],
      ['m4', 'owner', 'error'],
      ['m5', 'ai', 'sugerida'],
    ]);
    expect(html).toContain('>Cliente<');
    expect(html).toContain('>IA<');
    expect(html).toContain('>Tú<');
    expect(html).toContain(INBOX_MSG.offlineLabel);
    expect(html).toContain('Derivación a una persona');
    expect(html).toContain(`No enviada: ${INBOX_MSG.notConnected('Instagram')}`);
    expect(html).toContain('Instagram · Mensaje privado · en Panadería Sol');
  });

  it('offers a suggestion editable, to approve or discard', () => {
    const html = render(conversation(), thread);
    expect(html).toMatch(/<textarea[^>]*aria-label="Respuesta sugerida"[^>]*>Tenemos pan sin gluten.<\/textarea>/);
    expect(isDisabled(buttonWith(html, 'Aprobar y enviar'))).toBe(false);
    expect(isDisabled(buttonWith(html, 'Descartar'))).toBe(false);
  });

  it('opens the reply box inside the window, with the network limit', () => {
    const html = render(conversation(), thread);
    const box = textarea(html, 'Escribe tu respuesta');
    expect(isDisabled(box)).toBe(false);
    expect(box).toContain('maxLength="1000"');
    expect(buttonWith(html, 'Enviar')).toBeDefined();
    expect(html).not.toContain('data-testid="reply-closed"');
  });

  it('closes the reply box for the widget, saying why', () => {
    const html = render(conversation({ channel: 'widget', canReply: false, replyUntil: undefined, customerName: 'Visitante web' }), [message()]);
    expect(isDisabled(textarea(html, 'Escribe tu respuesta'))).toBe(true);
    expect(isDisabled(buttonWith(html, 'Enviar'))).toBe(true);
    expect(html).toContain(INBOX_MSG.widgetReadOnly);
  });

  it('closes the reply box past the DM window, naming the network', () => {
    const html = render(conversation({ channel: 'facebook', replyUntil: new Date(NOW - 60_000).toISOString() }), [message()]);
    expect(isDisabled(textarea(html, 'Escribe tu respuesta'))).toBe(true);
    expect(html).toContain(INBOX_MSG.outsideWindow('Facebook'));
  });

  it("links to the lead and shows a comment's post and the sandbox tag", () => {
    const html = render(conversation({ leadId: 'lead-1', kind: 'comment', postPreview: 'Nuevo pan de centeno', sandbox: true }), [message()]);
    expect(buttonWith(html, 'Ver lead')).toBeDefined();
    expect(html).toContain('«Nuevo pan de centeno»');
    expect(html).toContain(INBOX_MSG.sandboxLabel);
    expect(buttonWith(render(conversation(), [message()]), 'Ver lead')).toBeUndefined();
  });
});
