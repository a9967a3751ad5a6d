/**
 * The inbox's views of stored items (issue 14; shapes in shared/inbox.ts):
 * - `conversationView(item)` → ConversationSummary, with fallbacks for widget conversations
 *   stored before issue 14 (no summary fields): kind 'dm', customer 'Visitante web', state
 *   'respondida' (the widget answers live), no unread, last message '' by the assistant at the
 *   conversation's `updatedAt`;
 * - `messageView(item)` → InboxMessage (roles visitor/assistant/owner read as authors
 *   customer/ai/owner).
 * `replyUntil` is set for DMs of the window networks with a known `lastCustomerAt`.
 */
import { INBOX_MSG, REPLY_WINDOW_MS, WINDOW_NETWORKS, type ConversationSummary, type InboxAuthor, type InboxMessage, type InboxNetwork } from '@director-ia/shared';
import type { ConversationItem, ConversationMessageItem } from '../../platform/db/entities/conversation';

/** Longest `lastMessage` of a summary, characters. */
export const LAST_MESSAGE_MAX = 120;

/** Stored role → the inbox's author. */
export const AUTHOR_OF_ROLE: Readonly<Record<ConversationMessageItem['role'], InboxAuthor>> = { visitor: 'customer', assistant: 'ai', owner: 'owner' };

/** `text` on one line, at most `max` characters. */
export function clipLine(text: string, max = LAST_MESSAGE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Whether `item` is a DM of a network with the reply window. */
export const hasReplyWindow = (item: Pick<ConversationItem, 'channel' | 'kind'>): boolean =>
  item.channel !== 'widget' && (item.kind ?? 'dm') === 'dm' && WINDOW_NETWORKS.includes(item.channel as InboxNetwork);

/** The summary the inbox lists (see the module header). */
export function conversationView(item: ConversationItem): ConversationSummary {
  const widget = item.channel === 'widget';
  const replyUntil = hasReplyWindow(item) && item.lastCustomerAt ? new Date(Date.parse(item.lastCustomerAt) + REPLY_WINDOW_MS).toISOString() : undefined;
  return {
    id: item.id,
    channel: item.channel,
    kind: item.kind ?? 'dm',
    customerName: item.customerName ?? (item.customerHandle ? `@${item.customerHandle}` : widget ? INBOX_MSG.widgetVisitor : INBOX_MSG.unknownCustomer),
    ...(item.accountName ? { accountName: item.accountName } : {}),
    ...(item.postPreview ? { postPreview: item.postPreview } : {}),
    state: item.state ?? (widget ? 'respondida' : 'pendiente'),
    unread: item.unread ?? 0,
    lastMessage: clipLine(item.lastMessage ?? ''),
    lastAuthor: item.lastAuthor ? AUTHOR_OF_ROLE[item.lastAuthor] : 'ai',
    lastMessageAt: item.lastMessageAt ?? item.updatedAt,
    ...(item.leadId ? { leadId: item.leadId } : {}),
    sandbox: item.sandbox ?? false,
    canReply: !widget,
    ...(replyUntil ? { replyUntil } : {}),
  };
}

/** One message as the thread shows it. */
export function messageView(item: ConversationMessageItem): InboxMessage {
  return {
    id: item.id,
    author: AUTHOR_OF_ROLE[item.role],
    text: item.text,
    createdAt: item.createdAt,
    ...(item.state ? { state: item.state } : {}),
    ...(item.error ? { error: item.error } : {}),
    ...(item.offline ? { offline: true } : {}),
    ...(item.handoff ? { handoff: true } : {}),
    ...(item.sentAt ? { sentAt: item.sentAt } : {}),
  };
}
