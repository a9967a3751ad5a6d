/**
 * The Bandeja callables' domain (issue 14, core/inbox/conversations.ts and rules.ts) on DynamoDB
 * Local with the "Red de pruebas" in-process: the list (newest first, filter, unread total, old
 * widget items with fallbacks), a thread read and marked read, the owner's reply sent (widget
 * read-only, a closed window refused before storing), approving a suggestion exactly once (edited),
 * discarding one, the rules, and NOT_FOUND for another brand's ids with nothing changed.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_INBOX_RULES, INBOX_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { usePublishingEnv } from '../publishing/support';
import { brandReplies, connectInbox, customerWrites } from './support';

vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('../publishing/support')).appsMock(original));

const env = await usePublishingEnv();
const inbox = await import('../../../../../lambdas/core/inbox/conversations');
const { answerInbound } = await import('../../../../../lambdas/core/inbox/answer');
const { answerIdOf } = await import('../../../../../lambdas/core/inbox/ids');
const { readInboxRules, saveInboxRules } = await import('../../../../../lambdas/core/inbox/rules');
const { storeTurn } = await import('../../../../../lambdas/core/widget/conversation');
const { conversations } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { offlineProvider } = await import('../../../../../lambdas/platform/ai');

const HOUR = 60 * 60 * 1000;

describe('listConversations and openConversation', () => {
  it('lists newest first with the unread total, filters, and falls back for old widget items', async () => {
    const sub = uniqueSub();
    const old = new Date(Date.now() - 5 * HOUR);
    await conversations().create({ uid: sub, id: 'w0000000000000000001', channel: 'widget', messageCount: 2, createdAt: old.toISOString(), updatedAt: old.toISOString() }).go();
    const a = await customerWrites(env, sub, 'telegram', 'Primer mensaje', { name: 'Zoe', sentAt: Date.now() - HOUR });
    const b = await customerWrites(env, sub, 'facebook', 'Segundo mensaje sobre tartas', { name: 'Iker' });
    const { conversations: list, unread } = await inbox.listConversations(sub);
    expect(list.map((c) => c.id)).toEqual([b.conversationId, a.conversationId, 'w0000000000000000001']);
    expect(unread).toBe(2);
    expect(list[2]).toEqual({ id: 'w0000000000000000001', channel: 'widget', kind: 'dm', customerName: INBOX_MSG.widgetVisitor, state: 'respondida', unread: 0, lastMessage: '', lastAuthor: 'ai', lastMessageAt: old.toISOString(), sandbox: false, canReply: false });
    expect(list[0]).toMatchObject({ channel: 'facebook', customerName: 'Iker', canReply: true, replyUntil: expect.any(String), sandbox: true });
    expect(list[1]?.replyUntil).toBeUndefined();
    expect((await inbox.listConversations(sub, { search: 'TARTAS' })).conversations.map((c) => c.id)).toEqual([b.conversationId]);
    expect((await inbox.listConversations(sub, { channel: 'widget' })).conversations).toHaveLength(1);

    const opened = await inbox.openConversation(sub, b.conversationId);
    expect(opened.messages).toEqual([expect.objectContaining({ author: 'customer', text: 'Segundo mensaje sobre tartas' })]);
    expect(opened.conversation.unread).toBe(0);
    expect((await inbox.listConversations(sub)).unread).toBe(1);
  });

  it("widget turns carry the inbox summary (state 'respondida', the answer as last message)", async () => {
    const sub = uniqueSub();
    const id = await storeTurn({ uid: sub, conversationId: null, visitorText: '¿Abrís hoy?', assistantText: 'Sí, de 9 a 14.' });
    const [view] = (await inbox.listConversations(sub)).conversations;
    expect(view).toMatchObject({ id, channel: 'widget', state: 'respondida', lastMessage: 'Sí, de 9 a 14.', lastAuthor: 'ai', unread: 1, customerName: INBOX_MSG.widgetVisitor, canReply: false });
    const { data } = await conversations().get({ uid: sub, id }).go();
    expect(data).toMatchObject({ kind: 'dm', lastAuthor: 'assistant', lastCustomerAt: expect.any(String), lastMessageAt: expect.any(String) });
  });
});

describe('replies', () => {
  it("the owner's reply is sent and the conversation is 'respondida'; widget conversations are read-only", async () => {
    const sub = uniqueSub();
    await connectInbox(env, sub, 'instagram');
    const w = await customerWrites(env, sub, 'instagram', '¿Tenéis cita el sábado?');
    const { message } = await inbox.replyToConversation(sub, w.conversationId, 'Sí, a las 11.');
    expect(message).toMatchObject({ author: 'owner', state: 'enviada', text: 'Sí, a las 11.', sentAt: expect.any(String) });
    expect(await brandReplies(env, 'instagram', w.threadId)).toEqual(['Sí, a las 11.']);
    expect((await inbox.openConversation(sub, w.conversationId)).conversation).toMatchObject({ state: 'respondida', lastAuthor: 'owner' });
    const widget = await storeTurn({ uid: sub, conversationId: null, visitorText: 'hola', assistantText: 'hola' });
    await expect(inbox.replyToConversation(sub, widget, 'hola')).rejects.toMatchObject({ kind: 'INVALID_INPUT', message: INBOX_MSG.widgetReadOnly });
    await expect(inbox.replyToConversation(sub, w.conversationId, 'x'.repeat(1001))).rejects.toMatchObject({ message: INBOX_MSG.replyTooLong(1000) });
  });

  it('a DM whose window closed is refused before anything is stored', async () => {
    const sub = uniqueSub();
    await connectInbox(env, sub, 'facebook');
    const w = await customerWrites(env, sub, 'facebook', 'Hola', { sentAt: Date.now() - 25 * HOUR });
    await expect(inbox.replyToConversation(sub, w.conversationId, 'Perdón por la espera')).rejects.toMatchObject({ kind: 'INVALID_INPUT', message: INBOX_MSG.outsideWindow('Facebook') });
    expect((await inbox.openConversation(sub, w.conversationId)).messages).toHaveLength(1);
  });

  it('a reply to a network not connected fails and stays stored as error', async () => {
    const sub = uniqueSub();
    const w = await customerWrites(env, sub, 'telegram', 'Hola');
    await expect(inbox.replyToConversation(sub, w.conversationId, 'Hola')).rejects.toMatchObject({ message: INBOX_MSG.notConnected('Telegram') });
    const { messages, conversation } = await inbox.openConversation(sub, w.conversationId);
    expect(messages.at(-1)).toMatchObject({ author: 'owner', state: 'error', error: INBOX_MSG.notConnected('Telegram') });
    expect(conversation.state).toBe('pendiente');
  });

  it('approves a suggestion once (edited); a second approval or a discard is notSuggestion', async () => {
    const sub = uniqueSub();
    await connectInbox(env, sub, 'facebook');
    const w = await customerWrites(env, sub, 'facebook', '¿Hacéis envíos?');
    await answerInbound({ uid: sub, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider });
    const suggestionId = answerIdOf(w.messageId);
    const approvals = await Promise.allSettled([1, 2, 3].map(() => inbox.approveSuggestion(sub, w.conversationId, suggestionId, 'Sí, a toda España.')));
    expect(approvals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(approvals.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([INBOX_MSG.notSuggestion, INBOX_MSG.notSuggestion]);
    expect(await brandReplies(env, 'facebook', w.threadId)).toEqual(['Sí, a toda España.']);
    await expect(inbox.discardSuggestion(sub, w.conversationId, suggestionId)).rejects.toMatchObject({ message: INBOX_MSG.notSuggestion });
  });

  it('discards a suggestion', async () => {
    const sub = uniqueSub();
    await connectInbox(env, sub, 'telegram');
    const w = await customerWrites(env, sub, 'telegram', '¿Precio del menú?');
    await answerInbound({ uid: sub, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider });
    const { message } = await inbox.discardSuggestion(sub, w.conversationId, answerIdOf(w.messageId));
    expect(message).toMatchObject({ author: 'ai', state: 'descartada' });
  });

  it("another brand's conversation or message is NOT_FOUND and nothing changes", async () => {
    const owner = uniqueSub();
    const other = uniqueSub();
    await connectInbox(env, owner, 'telegram');
    const w = await customerWrites(env, owner, 'telegram', '¿Abrís mañana?');
    await answerInbound({ uid: owner, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider });
    const suggestionId = answerIdOf(w.messageId);
    for (const call of [
      () => inbox.openConversation(other, w.conversationId),
      () => inbox.replyToConversation(other, w.conversationId, 'hola'),
      () => inbox.approveSuggestion(other, w.conversationId, suggestionId),
      () => inbox.discardSuggestion(other, w.conversationId, suggestionId),
    ]) {
      await expect(call()).rejects.toMatchObject({ kind: 'NOT_FOUND', message: INBOX_MSG.conversationNotFound });
    }
    await expect(inbox.discardSuggestion(owner, w.conversationId, 'zzzzzzzzzzzzzzzzzzzz')).rejects.toMatchObject({ kind: 'NOT_FOUND', message: INBOX_MSG.messageNotFound });
    const { conversation, messages } = await inbox.openConversation(owner, w.conversationId);
    expect(conversation.unread).toBe(0);
    expect(messages.at(-1)).toMatchObject({ state: 'sugerida' });
    expect((await inbox.listConversations(other)).conversations).toEqual([]);
  });
});

describe('rules', () => {
  it('reads the defaults until saved, then exactly what was saved; invalid rules are refused', async () => {
    const sub = uniqueSub();
    expect(await readInboxRules(sub)).toEqual(DEFAULT_INBOX_RULES);
    const rules = { modes: { facebook: 'automatic', instagram: 'off', telegram: 'suggest', youtube: 'automatic' }, businessHours: { days: [5, 1, 2], from: '09:00', to: '14:00' }, handoffMessage: 'Te llamamos.', humanTopics: ['devoluciones'] } as const;
    expect(await saveInboxRules(sub, rules)).toEqual({ ...rules, businessHours: { days: [1, 2, 5], from: '09:00', to: '14:00' } });
    expect(await readInboxRules(sub)).toEqual({ ...rules, businessHours: { days: [1, 2, 5], from: '09:00', to: '14:00' } });
    await expect(saveInboxRules(sub, { ...rules, businessHours: { days: [1], from: '18:00', to: '09:00' } })).rejects.toMatchObject({ kind: 'INVALID_INPUT', message: INBOX_MSG.invalidHours });
    expect((await readInboxRules(sub)).businessHours?.from).toBe('09:00');
    await saveInboxRules(sub, { ...rules, businessHours: null });
    expect((await readInboxRules(sub)).businessHours).toBeNull();
    // A client that does not know YouTube yet: its mode is the default.
    const { youtube: _youtube, ...older } = rules.modes;
    expect((await saveInboxRules(sub, { ...rules, modes: older })).modes.youtube).toBe(DEFAULT_INBOX_RULES.modes.youtube);
  });
});
