/**
 * The Bandeja callables' domain (issue 14; behaviour and errors in the header of
 * shared/contract/callables/inbox.ts), always under the caller's partition `user#<sub>`, so
 * another brand's conversation or message id is simply NOT_FOUND and nothing changes:
 * - `listConversations(sub, filter)` → `{conversations, unread}`: one Query of the caller's
 *   `conversation#` items (every page), viewed (./view.ts), newest activity first, filtered by
 *   `conversationMatches`, at most MAX_LISTED_CONVERSATIONS; `unread` over all of them;
 * - `openConversation(sub, id)` → `{conversation, messages}` (the newest MAX_THREAD_MESSAGES,
 *   oldest first) and the conversation marked read (`unread` 0);
 * - `replyToConversation(sub, id, text, now)`: the owner's message is stored 'enviando', sent
 *   (./send.ts), then 'enviada'; a failure leaves it 'error' and throws (window, connection:
 *   INVALID_INPUT; refused, unreachable: UNAVAILABLE). Widget conversations are read-only; a text
 *   over the network's own limit and a DM whose window closed are refused before anything is stored;
 * - `approveSuggestion(sub, id, messageId, text?, now)`: the suggestion is claimed with one
 *   conditional update ('sugerida' → 'enviando', the owner's edit as its text), so it is sent once;
 *   anything but a suggestion is INVALID_INPUT notSuggestion; then as `replyToConversation`;
 * - `discardSuggestion(sub, id, messageId)`: 'sugerida' → 'descartada' (conditional).
 * After a sent reply the conversation is 'respondida' and its hand-off reset.
 */
import {
  CONVERSATION_CHANNEL_LABELS,
  conversationMatches,
  INBOX_MSG,
  MAX_LISTED_CONVERSATIONS,
  MAX_THREAD_MESSAGES,
  REPLY_MAX_LENGTH,
  type ConversationFilter,
  type ConversationSummary,
  type InboxMessage,
} from '@director-ia/shared';
import { conversationMessages, conversations, type ConversationItem, type ConversationMessageItem } from '../../platform/db/entities/conversation';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { InvalidInputError, NotFoundError } from '../../platform/errors';
import { replyLength } from '../../platform/social/messaging';
import { newObjectId } from '../uploads/keys';
import { claimMessage, deliver, failureError, finishSend, networkOf, outsideWindow } from './send';
import { conversationView, messageView } from './view';

/** The caller's conversations (see the module header). */
export async function listConversations(sub: string, filter: ConversationFilter = {}): Promise<{ conversations: ConversationSummary[]; unread: number }> {
  const { data } = await conversations().query.byUser({ uid: sub }).go({ pages: 'all' });
  const views = data.map(conversationView).sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || b.id.localeCompare(a.id));
  const unread = views.reduce((total, view) => total + view.unread, 0);
  return { conversations: views.filter((view) => conversationMatches(view, filter)).slice(0, MAX_LISTED_CONVERSATIONS), unread };
}

async function readConversation(sub: string, id: string): Promise<ConversationItem> {
  const { data } = await conversations().get({ uid: sub, id }).go({ consistent: true });
  if (!data) throw new NotFoundError(INBOX_MSG.conversationNotFound);
  return data;
}

async function readMessage(sub: string, conversationId: string, id: string): Promise<ConversationMessageItem> {
  const { data } = await conversationMessages().get({ uid: sub, conversationId, id }).go({ consistent: true });
  if (!data) throw new NotFoundError(INBOX_MSG.messageNotFound);
  return data;
}

/** The thread of conversation `id`, marked read (see the module header). */
export async function openConversation(sub: string, id: string): Promise<{ conversation: ConversationSummary; messages: InboxMessage[] }> {
  let item = await readConversation(sub, id);
  const { data } = await conversationMessages().query.byConversation({ uid: sub, conversationId: id }).go({ order: 'desc', limit: MAX_THREAD_MESSAGES });
  if ((item.unread ?? 0) > 0) {
    try {
      const { data: read } = await conversations().patch({ uid: sub, id }).set({ unread: 0 }).go({ response: 'all_new' });
      item = read as ConversationItem;
    } catch (error) {
      // Deleted meanwhile (its lead was deleted): the thread read is still shown.
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  return { conversation: conversationView(item), messages: data.filter((m) => m.conversationId === id).reverse().map(messageView) };
}

/** Refuses what cannot be sent into `conversation` before anything is stored. */
function assertSendable(conversation: ConversationItem, text: string, now: Date): void {
  const network = networkOf(conversation);
  const max = REPLY_MAX_LENGTH[network][conversation.kind ?? 'dm'];
  if (replyLength(text) > max) throw new InvalidInputError(INBOX_MSG.replyTooLong(max));
  if (outsideWindow(conversation, now)) throw new InvalidInputError(INBOX_MSG.outsideWindow(CONVERSATION_CHANNEL_LABELS[network]));
}

/** Sends the claimed `message` and records the outcome; throws the failure (see the module header). */
async function sendClaimed(conversation: ConversationItem, message: ConversationMessageItem, now: Date): Promise<InboxMessage> {
  const result = await deliver(conversation.uid, conversation, message.text, now);
  const stored = await finishSend(conversation.uid, conversation, message, result, now);
  if (!result.ok) throw failureError(result);
  return messageView(stored);
}

/** The owner's reply (see the module header). */
export async function replyToConversation(sub: string, id: string, rawText: string, now = new Date()): Promise<{ message: InboxMessage }> {
  const text = rawText.trim();
  if (!text) throw new InvalidInputError(INBOX_MSG.replyRequired);
  const conversation = await readConversation(sub, id);
  assertSendable(conversation, text, now);
  const message: ConversationMessageItem = { uid: sub, conversationId: id, id: newObjectId(now.getTime()), role: 'owner', text, state: 'enviando', createdAt: now.toISOString() };
  await claimMessage(message);
  return { message: await sendClaimed(conversation, message, now) };
}

/** Sends an AI suggestion, optionally edited (see the module header). */
export async function approveSuggestion(sub: string, id: string, messageId: string, editedText?: string, now = new Date()): Promise<{ message: InboxMessage }> {
  const conversation = await readConversation(sub, id);
  const suggestion = await readMessage(sub, id, messageId);
  if (suggestion.state !== 'sugerida') throw new InvalidInputError(INBOX_MSG.notSuggestion);
  const text = editedText?.trim() || suggestion.text;
  assertSendable(conversation, text, now);
  let claimed: ConversationMessageItem;
  try {
    const { data } = await conversationMessages()
      .patch({ uid: sub, conversationId: id, id: messageId })
      .set({ state: 'enviando', text })
      .where(({ state }, { eq }) => eq(state, 'sugerida'))
      .go({ response: 'all_new' });
    claimed = data as ConversationMessageItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new InvalidInputError(INBOX_MSG.notSuggestion);
    throw error;
  }
  return { message: await sendClaimed(conversation, claimed, now) };
}

/** Discards an AI suggestion (see the module header). */
export async function discardSuggestion(sub: string, id: string, messageId: string): Promise<{ message: InboxMessage }> {
  await readConversation(sub, id);
  await readMessage(sub, id, messageId);
  try {
    const { data } = await conversationMessages()
      .patch({ uid: sub, conversationId: id, id: messageId })
      .set({ state: 'descartada' })
      .where(({ state }, { eq }) => eq(state, 'sugerida'))
      .go({ response: 'all_new' });
    return { message: messageView(data as ConversationMessageItem) };
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new InvalidInputError(INBOX_MSG.notSuggestion);
    throw error;
  }
}
