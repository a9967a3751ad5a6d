/**
 * Sending the brand's messages of the inbox (issue 14), shared by the worker (AI answers and
 * hand-off messages) and the Bandeja callables (the owner's replies, approved suggestions):
 * - `deliver(uid, conversation, text, now)`: the connection's token (Facebook: the page's sealed
 *   token; Instagram: the linked page's, both through core/social `targetAccessToken` with the
 *   conversation's account as the target; Telegram: the bot token, YouTube: the channel's access
 *   token, both `freshAccessToken`) and
 *   platform/social/messaging `sendReply` → `{ok: true, externalId}` or `{ok: false, failure,
 *   message}` with the Spanish reason: 'window' (outsideWindow), 'connection' (not connected, the
 *   account not selected any more, or a token the network refused: the connection is then marked
 *   `reconectar`), 'rejected' / 'unavailable' (sendFailed). Never throws for a network failure.
 * - `finishSend(uid, conversation, message, result, now)`: the stored brand message becomes
 *   'enviada' (externalId, sentAt) or 'error' (error); the conversation's summary follows: after a
 *   sent answer 'respondida' with the hand-off reset, after a sent hand-off message `handoffSentAt`
 *   (state left 'humano'), after a failure 'pendiente' (a hand-off stays 'humano').
 * - `outsideWindow(conversation, now)`: a DM of Facebook or Instagram whose customer wrote last
 *   more than REPLY_WINDOW_MS ago.
 * - `failureError(result)`: the callables' error for a failure (window and connection:
 *   INVALID_INPUT, the wire's stand-in for FAILED_PRECONDITION; rejected, unavailable: UNAVAILABLE).
 */
import { CONVERSATION_CHANNEL_LABELS, INBOX_MSG, REPLY_WINDOW_MS, SOCIAL_MSG, type InboxNetwork } from '@director-ia/shared';
import { conversationMessages, conversations, type ConversationItem, type ConversationMessageItem } from '../../platform/db/entities/conversation';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { DomainError, InvalidInputError, UnavailableError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { loadNetworkApps } from '../../platform/social';
import { AccessRevoked, OutsideWindow, ReplyRejected, sendReply } from '../../platform/social/messaging';
import { freshAccessToken, markConnectionRefused, targetAccessToken } from '../social/refresh';
import { clipLine, hasReplyWindow } from './view';

export type DeliveryFailure = 'window' | 'connection' | 'rejected' | 'unavailable';
export type DeliveryResult = { ok: true; externalId: string } | { ok: false; failure: DeliveryFailure; message: string };

/** The network of a conversation that can be answered (not the widget's). */
export function networkOf(conversation: Pick<ConversationItem, 'channel'>): InboxNetwork {
  if (conversation.channel === 'widget') throw new InvalidInputError(INBOX_MSG.widgetReadOnly);
  return conversation.channel;
}

/** Whether the customer's last message is older than the reply window (DMs of Facebook and Instagram only). */
export function outsideWindow(conversation: Pick<ConversationItem, 'channel' | 'kind' | 'lastCustomerAt'>, now: Date): boolean {
  if (!hasReplyWindow(conversation) || !conversation.lastCustomerAt) return false;
  return now.getTime() - Date.parse(conversation.lastCustomerAt) > REPLY_WINDOW_MS;
}

const labelOf = (network: InboxNetwork) => CONVERSATION_CHANNEL_LABELS[network];

/** The token to answer (or read the customer of) a conversation with; throws the core/social errors (not connected, reconnect, unknown target). */
export async function tokenFor(uid: string, network: InboxNetwork, accountId: string, now: Date): Promise<string> {
  // Telegram: the bot token; YouTube: the channel's own access token (no per-target token).
  if (network === 'telegram' || network === 'youtube') return freshAccessToken(uid, network, now);
  return targetAccessToken(uid, network, accountId, now);
}

/** Sends `text` into `conversation` (see the module header). */
export async function deliver(uid: string, conversation: ConversationItem, text: string, now: Date): Promise<DeliveryResult> {
  const network = networkOf(conversation);
  const label = labelOf(network);
  const app = (await loadNetworkApps())[network];
  if (!app || !conversation.accountId) return { ok: false, failure: 'connection', message: INBOX_MSG.notConnected(label) };
  let token: string;
  try {
    token = await tokenFor(uid, network, conversation.accountId, now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ok: false, failure: 'connection', message: INBOX_MSG.notConnected(label) };
  }
  const kind = conversation.kind ?? 'dm';
  try {
    const { externalId } = await sendReply(app, network, kind, {
      accountId: conversation.accountId,
      ...(kind === 'dm' ? { recipientId: conversation.customerId } : { commentId: conversation.replyTargetId }),
      text,
      token,
    });
    return { ok: true, externalId };
  } catch (error) {
    if (error instanceof OutsideWindow) return { ok: false, failure: 'window', message: INBOX_MSG.outsideWindow(label) };
    if (error instanceof AccessRevoked) {
      await markConnectionRefused(uid, network, SOCIAL_MSG.accessRevoked(network), now);
      return { ok: false, failure: 'connection', message: INBOX_MSG.notConnected(label) };
    }
    if (error instanceof ReplyRejected) return { ok: false, failure: 'rejected', message: INBOX_MSG.sendFailed(label, INBOX_MSG.reasonRejected) };
    logger.warn('Inbox reply not delivered', { network, error: { name: (error as Error).name } });
    return { ok: false, failure: 'unavailable', message: INBOX_MSG.sendFailed(label, INBOX_MSG.reasonUnavailable) };
  }
}

/** The callables' error for a failed delivery (see the module header). */
export function failureError(result: { failure: DeliveryFailure; message: string }): DomainError {
  return result.failure === 'window' || result.failure === 'connection' ? new InvalidInputError(result.message) : new UnavailableError(result.message);
}

/** Records a delivery's outcome on the message and the conversation (see the module header); the message as stored. */
export async function finishSend(uid: string, conversation: ConversationItem, message: ConversationMessageItem, result: DeliveryResult, now: Date): Promise<ConversationMessageItem> {
  const at = now.toISOString();
  const key = { uid, conversationId: conversation.id, id: message.id };
  const patch = result.ok
    ? conversationMessages().patch(key).set({ state: 'enviada', externalId: result.externalId, sentAt: at }).remove(['error'])
    : conversationMessages().patch(key).set({ state: 'error', error: result.message });
  const { data } = await patch.go({ response: 'all_new' });
  const convKey = { uid, id: conversation.id };
  if (result.ok && message.handoff) {
    await conversations().patch(convKey).set({ handoffSentAt: at, lastMessage: clipLine(message.text), lastAuthor: message.role, lastMessageAt: at, updatedAt: at }).go();
  } else if (result.ok) {
    await conversations()
      .patch(convKey)
      .set({ state: 'respondida', lastMessage: clipLine(message.text), lastAuthor: message.role, lastMessageAt: at, updatedAt: at })
      .remove(['handoffSentAt'])
      .go();
  } else {
    await conversations().patch(convKey).set({ state: message.handoff ? 'humano' : 'pendiente', updatedAt: at }).go();
  }
  return data as ConversationMessageItem;
}

/** Creates a brand message under `id` unless it exists; false when it did (the exactly-once claim). */
export async function claimMessage(item: ConversationMessageItem): Promise<boolean> {
  try {
    await conversationMessages().create(item).go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
  await conversations().patch({ uid: item.uid, id: item.conversationId }).add({ messageCount: 1 }).go();
  return true;
}
