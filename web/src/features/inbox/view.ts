/**
 * Pure helpers of the Bandeja page (issue 14 items 1–2): what a conversation row and a message
 * show (channel and kind, last message with its author, relative time, delivery state), which
 * conversations the filters leave and in what order, whether the owner can answer a conversation
 * now, and the list as it is once a conversation has been read.
 */
import {
  CONVERSATION_CHANNEL_LABELS,
  CONVERSATION_KIND_LABELS,
  INBOX_AUTHOR_LABELS,
  INBOX_MESSAGE_STATE_LABELS,
  INBOX_MSG,
  MAX_INBOX_REPLY_LENGTH,
  REPLY_MAX_LENGTH,
  conversationMatches,
  type ConversationFilter,
  type ConversationSummary,
  type InboxMessage,
} from '@director-ia/shared';

/** 'Instagram · Mensaje privado', 'Facebook · Comentario'; the widget's chat is just 'Widget web'. */
export function channelText(conversation: Pick<ConversationSummary, 'channel' | 'kind'>): string {
  const channel = CONVERSATION_CHANNEL_LABELS[conversation.channel];
  return conversation.channel === 'widget' ? channel : `${channel} · ${CONVERSATION_KIND_LABELS[conversation.kind]}`;
}

/** The row's last line: 'Cliente: hola…' (the text as the server clipped it). */
export function lastMessageText(conversation: Pick<ConversationSummary, 'lastAuthor' | 'lastMessage'>): string {
  return `${INBOX_AUTHOR_LABELS[conversation.lastAuthor]}: ${conversation.lastMessage}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const timeFormat = new Intl.DateTimeFormat('es-ES', { timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short' });
const yearFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });
const fullFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * When `iso` was, seen from `now` (ms since the epoch), in the browser's time zone: 'ahora' (under
 * a minute, or a clock slightly ahead), 'hace 5 min', 'hace 3 h' (under a day), then '5 may' this
 * year or '5 may 2025' before; '—' when not a date.
 */
export function relativeTime(iso: string, now: number): string {
  const date = parse(iso);
  if (!date) return '—';
  const ago = now - date.getTime();
  if (ago < MINUTE) return 'ahora';
  if (ago < HOUR) return `hace ${Math.floor(ago / MINUTE)} min`;
  if (ago < DAY) return `hace ${Math.floor(ago / HOUR)} h`;
  return (date.getFullYear() === new Date(now).getFullYear() ? dayFormat : yearFormat).format(date);
}

/** '5 may 2026, 12:00' (the title of a relative time); '—' when not a date. */
export function absoluteTime(iso: string): string {
  const date = parse(iso);
  return date ? fullFormat.format(date) : '—';
}

/** A message's time: '12:00' today, '5 may 2026, 12:00' on another day (seen from `now`). */
export function messageTime(iso: string, now: number): string {
  const date = parse(iso);
  if (!date) return '—';
  return date.toDateString() === new Date(now).toDateString() ? timeFormat.format(date) : fullFormat.format(date);
}

/** The conversations `filter` leaves, newest activity first (ISO 8601 instants compare as dates). */
export function visibleConversations(conversations: readonly ConversationSummary[], filter: ConversationFilter): ConversationSummary[] {
  return conversations.filter((conversation) => conversationMatches(conversation, filter)).sort((a, b) => Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt));
}

/** A brand message's delivery line: 'Enviada', 'No enviada: <reason>'; null for customer messages. */
export function deliveryText(message: Pick<InboxMessage, 'author' | 'state' | 'error'>): string | null {
  if (message.author === 'customer' || !message.state) return null;
  const label = INBOX_MESSAGE_STATE_LABELS[message.state];
  return message.state === 'error' && message.error ? `${label}: ${message.error}` : label;
}

/** Whether the owner can answer here now, and how long the answer may be. */
export type ReplyAvailability = { open: true; maxLength: number } | { open: false; reason: string };

/**
 * Widget conversations are read-only (INBOX_MSG.widgetReadOnly); a DM whose `replyUntil` has
 * passed at `now` is closed (INBOX_MSG.outsideWindow); otherwise open, up to the smaller of
 * MAX_INBOX_REPLY_LENGTH and the network's limit for the conversation's kind.
 */
export function replyAvailability(conversation: Pick<ConversationSummary, 'channel' | 'kind' | 'canReply' | 'replyUntil'>, now: number): ReplyAvailability {
  const { channel } = conversation;
  if (channel === 'widget' || !conversation.canReply) return { open: false, reason: INBOX_MSG.widgetReadOnly };
  if (conversation.replyUntil !== undefined && Date.parse(conversation.replyUntil) <= now) return { open: false, reason: INBOX_MSG.outsideWindow(CONVERSATION_CHANNEL_LABELS[channel]) };
  return { open: true, maxLength: Math.min(MAX_INBOX_REPLY_LENGTH, REPLY_MAX_LENGTH[channel][conversation.kind]) };
}

/** The list's answer: conversations and the total of unread customer messages. */
export interface ConversationList {
  conversations: ConversationSummary[];
  unread: number;
}

/**
 * `list` once `read` (the summary verConversacion answered, already marked read) replaced its
 * entry: that conversation's unread comes off the total and its fields are the fresh ones. A list
 * that does not hold it is returned as it is.
 */
export function withConversationRead(list: ConversationList, read: ConversationSummary): ConversationList {
  const index = list.conversations.findIndex((conversation) => conversation.id === read.id);
  const old = list.conversations[index];
  if (!old) return list;
  const conversations = list.conversations.map((conversation, at) => (at === index ? { ...read, unread: 0 } : conversation));
  return { conversations, unread: Math.max(0, list.unread - old.unread) };
}
