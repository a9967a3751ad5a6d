/**
 * The Bandeja page (issue 14 item 1) rendered to HTML with its providers: the title and the rules
 * button, one button per conversation (newest activity first) with `data-conversation-id`,
 * `data-state` and `data-unread`, its channel and kind, last message with its author, unread badge,
 * state and sandbox tag; the empty state before any conversation; loading before the first answer.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { INBOX_MSG, MSG } from '@director-ia/shared';
import { conversation } from '../../features/inbox/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { default: BandejaPage } = await import('../../../../../../web/src/pages/bandeja/BandejaPage');
const { conversationListKey } = await import('../../../../../../web/src/features/inbox');
const { ToastProvider } = await import('../../../../../../web/src/ui/toast/ToastProvider');

function render(client: QueryClient) {
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(ToastProvider, null, createElement(BandejaPage))));
}

const withList = (list: { conversations: ReturnType<typeof conversation>[]; unread: number }) => {
  const client = new QueryClient();
  client.setQueryData(conversationListKey({}), list);
  return client;
};

describe('BandejaPage', () => {
  it('lists the conversations newest first, each a button with its data attributes', () => {
    const html = render(
      withList({
        conversations: [
          conversation({ id: 'older', state: 'respondida', unread: 0, lastMessageAt: '2026-05-01T10:00:00.000Z', channel: 'telegram', lastAuthor: 'ai', lastMessage: 'Abrimos a las 9.' }),
          conversation({ id: 'newer', kind: 'comment', channel: 'facebook', sandbox: true, customerName: 'Pepe Gil' }),
        ],
        unread: 2,
      }),
    );
    expect(html).toMatch(/<h1[^>]*>Bandeja de mensajes<\/h1>/);
    expect(html).toMatch(/<button[^>]*>Reglas de respuesta<\/button>/);
    expect(html).toMatch(/<ul[^>]*aria-label="Conversaciones"/);
    const rows = [...html.matchAll(/<button[^>]*data-conversation-id="([^"]+)" data-state="([^"]+)" data-unread="(\d+)"/g)].map((match) => match.slice(1));
    expect(rows).toEqual([
      ['newer', 'pendiente', '2'],
      ['older', 'respondida', '0'],
    ]);
    expect(html).toContain('Facebook · Comentario');
    expect(html).toContain('Telegram · Mensaje privado');
    expect(html).toContain('Pepe Gil');
    expect(html).toContain('IA: Abrimos a las 9.');
    expect(html).toContain(INBOX_MSG.sandboxLabel);
    expect(html.match(new RegExp(INBOX_MSG.sandboxLabel, 'g'))).toHaveLength(1);
    expect(html).toContain('2<span class="visually-hidden"> sin leer</span>');
    expect(html).toContain('Para una persona');
    expect(html).toContain('Respondida');
    expect(html).toContain('Elige una conversación');
  });

  it('offers the channel and state filters and the search', () => {
    const html = render(withList({ conversations: [conversation()], unread: 2 }));
    const channels = html.match(/<select[^>]*aria-label="Filtrar por canal"[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect([...channels.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((match) => match[1])).toEqual(['Todas', 'Web', 'Facebook', 'Instagram', 'Telegram', 'YouTube']);
    const states = html.match(/<select[^>]*aria-label="Filtrar por estado"[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect([...states.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((match) => match[1])).toEqual(['Todos', 'Pendiente', 'Para una persona', 'Respondida']);
    expect(html).toContain('Buscar conversaciones');
  });

  it('says so when there is no conversation yet', () => {
    const html = render(withList({ conversations: [], unread: 0 }));
    expect(html).toContain(INBOX_MSG.empty);
    expect(html).not.toContain('data-conversation-id');
  });

  it('is loading before listarConversaciones answers', () => {
    expect(render(new QueryClient())).toContain(MSG.loading);
  });
});
