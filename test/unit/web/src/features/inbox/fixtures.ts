/** Conversations and messages of the Bandeja tests (issue 14), shaped as the callables answer them. */
import type { ConversationSummary, InboxMessage } from '@director-ia/shared';

export const NOW = Date.parse('2026-05-05T12:00:00.000Z');

export function conversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'conv-1',
    channel: 'instagram',
    kind: 'dm',
    customerName: 'Lucía Pérez',
    accountName: 'Panadería Sol',
    state: 'pendiente',
    unread: 2,
    lastMessage: '¿Tenéis pan sin gluten?',
    lastAuthor: 'customer',
    lastMessageAt: '2026-05-05T11:55:00.000Z',
    sandbox: false,
    canReply: true,
    replyUntil: '2026-05-06T11:55:00.000Z',
    ...overrides,
  };
}

export function message(overrides: Partial<InboxMessage> = {}): InboxMessage {
  return { id: 'msg-1', author: 'customer', text: '¿Tenéis pan sin gluten?', createdAt: '2026-05-05T11:55:00.000Z', ...overrides };
}
