/**
 * Bandeja's pure helpers (issue 14 items 1–2): the row's channel and last-message lines, relative
 * and message times, the filtered order, the delivery line of brand messages, when the owner can
 * answer, and the list once a conversation is read.
 */
import { describe, expect, it } from 'vitest';
import { INBOX_MSG, MAX_INBOX_REPLY_LENGTH } from '@director-ia/shared';
import {
  channelText,
  deliveryText,
  lastMessageText,
  messageTime,
  relativeTime,
  replyAvailability,
  visibleConversations,
  withConversationRead,
} from '../../../../../../web/src/features/inbox/view';
import { conversation, message, NOW } from './fixtures';

describe('channelText', () => {
  it('names the network and the kind; the widget only by its channel', () => {
    expect(channelText({ channel: 'instagram', kind: 'dm' })).toBe('Instagram · Mensaje privado');
    expect(channelText({ channel: 'facebook', kind: 'comment' })).toBe('Facebook · Comentario');
    expect(channelText({ channel: 'widget', kind: 'dm' })).toBe('Widget web');
  });
});

describe('lastMessageText', () => {
  it.each([
    ['customer', 'Cliente: hola'],
    ['ai', 'IA: hola'],
    ['owner', 'Tú: hola'],
  ] as const)('prefixes the %s author', (lastAuthor, expected) => {
    expect(lastMessageText({ lastAuthor, lastMessage: 'hola' })).toBe(expected);
  });
});

describe('relativeTime', () => {
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  it.each([
    [ago(20_000), 'ahora'],
    [ago(-5_000), 'ahora'],
    [ago(5 * 60_000), 'hace 5 min'],
    [ago(59 * 60_000 + 59_000), 'hace 59 min'],
    [ago(3 * 3_600_000), 'hace 3 h'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });

  it('gives the day after a day, with the year only for another year', () => {
    expect(relativeTime('2026-04-20T10:00:00.000Z', NOW)).toMatch(/^20 abr\.?$/);
    expect(relativeTime('2025-04-20T10:00:00.000Z', NOW)).toMatch(/^20 abr\.? 2025$/);
  });

  it('says — for what is not a date', () => {
    expect(relativeTime('nope', NOW)).toBe('—');
  });
});

describe('messageTime', () => {
  it('is the hour today and the full date on another day', () => {
    const today = messageTime(new Date(NOW - 60_000).toISOString(), NOW);
    expect(today).toMatch(/^\d{1,2}:\d{2}$/);
    expect(messageTime('2026-04-20T10:00:00.000Z', NOW)).toMatch(/2026/);
    expect(messageTime('', NOW)).toBe('—');
  });
});

describe('visibleConversations', () => {
  const list = [
    conversation({ id: 'old', lastMessageAt: '2026-05-01T10:00:00.000Z', channel: 'telegram', state: 'respondida', customerName: 'José Ruiz' }),
    conversation({ id: 'new', lastMessageAt: '2026-05-05T11:00:00.000Z' }),
    conversation({ id: 'mid', lastMessageAt: '2026-05-03T10:00:00.000Z', channel: 'widget', customerName: 'Visitante web', lastMessage: 'Quiero una tarta' }),
  ];

  it('orders by newest activity', () => {
    expect(visibleConversations(list, {}).map((c) => c.id)).toEqual(['new', 'mid', 'old']);
  });

  it('filters by channel, state and every word of the search (accents ignored)', () => {
    expect(visibleConversations(list, { channel: 'telegram' }).map((c) => c.id)).toEqual(['old']);
    expect(visibleConversations(list, { state: 'pendiente' }).map((c) => c.id)).toEqual(['new', 'mid']);
    expect(visibleConversations(list, { search: 'jose' }).map((c) => c.id)).toEqual(['old']);
    expect(visibleConversations(list, { search: 'tarta quiero' }).map((c) => c.id)).toEqual(['mid']);
    expect(visibleConversations(list, { search: 'tarta', channel: 'instagram' })).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    visibleConversations(list, {});
    expect(list.map((c) => c.id)).toEqual(['old', 'new', 'mid']);
  });
});

describe('deliveryText', () => {
  it('has none for customer messages', () => {
    expect(deliveryText(message())).toBeNull();
  });

  it('labels brand messages by state, with the reason of a failure', () => {
    expect(deliveryText(message({ author: 'ai', state: 'enviada' }))).toBe('Enviada');
    expect(deliveryText(message({ author: 'ai', state: 'sugerida' }))).toBe('Sugerencia de la IA');
    expect(deliveryText(message({ author: 'owner', state: 'error', error: INBOX_MSG.notConnected('Instagram') }))).toBe(`No enviada: ${INBOX_MSG.notConnected('Instagram')}`);
    expect(deliveryText(message({ author: 'owner', state: 'error' }))).toBe('No enviada');
  });
});

describe('replyAvailability', () => {
  it('is closed for the widget', () => {
    expect(replyAvailability(conversation({ channel: 'widget', canReply: false, replyUntil: undefined }), NOW)).toEqual({ open: false, reason: INBOX_MSG.widgetReadOnly });
  });

  it('is closed once the DM window has passed, naming the network', () => {
    const closed = replyAvailability(conversation({ channel: 'facebook', replyUntil: new Date(NOW - 1).toISOString() }), NOW);
    expect(closed).toEqual({ open: false, reason: INBOX_MSG.outsideWindow('Facebook') });
    expect(replyAvailability(conversation({ replyUntil: new Date(NOW).toISOString() }), NOW)).toMatchObject({ open: false });
  });

  it("is open inside the window, up to the network's limit for the kind", () => {
    expect(replyAvailability(conversation({ channel: 'instagram', kind: 'dm' }), NOW)).toEqual({ open: true, maxLength: 1000 });
    expect(replyAvailability(conversation({ channel: 'facebook', kind: 'comment', replyUntil: undefined }), NOW)).toEqual({ open: true, maxLength: MAX_INBOX_REPLY_LENGTH });
    expect(replyAvailability(conversation({ channel: 'telegram', replyUntil: undefined }), NOW)).toEqual({ open: true, maxLength: MAX_INBOX_REPLY_LENGTH });
  });
});

describe('withConversationRead', () => {
  const list = { conversations: [conversation({ id: 'a', unread: 2 }), conversation({ id: 'b', unread: 3 })], unread: 5 };

  it("takes the conversation's unread off the total and uses the fresh summary", () => {
    const read = withConversationRead(list, conversation({ id: 'b', unread: 0, state: 'respondida' }));
    expect(read.unread).toBe(2);
    expect(read.conversations.map((c) => [c.id, c.unread, c.state])).toEqual([
      ['a', 2, 'pendiente'],
      ['b', 0, 'respondida'],
    ]);
    expect(list.conversations[1]?.unread).toBe(3);
  });

  it('leaves a list without it as it is', () => {
    expect(withConversationRead(list, conversation({ id: 'zzz' }))).toBe(list);
  });
});
