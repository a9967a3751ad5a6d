/**
 * The networks' webhook bodies as InboundMessages (issue 14; shapes as documented, the same the
 * twin's sandbox sends: infra/local/social-sandbox/inbox.ts). Pure: no I/O, never throws on an
 * unexpected shape (what it does not understand is skipped and counted).
 *
 * Meta (`object: 'page'` for Facebook, `'instagram'` for Instagram; one body may carry several
 * entries, each several events):
 * - `entry[].messaging[]`: a DM when it has `message` with `mid`; skipped: echoes
 *   (`message.is_echo`, or the sender is the account itself), deliveries, reads, reactions,
 *   edits, postbacks (no `message`). A message with attachments and no text is stored as
 *   INBOX_MSG.attachment. `timestamp` is epoch ms.
 * - `entry[].changes[]` `field: 'feed'`, `value.item: 'comment'`, `verb: 'add'` (Facebook page
 *   comments: comment_id, post_id, message, from {id, name}, created_time in seconds).
 * - `entry[].changes[]` `field: 'comments'` (Instagram: id, text, from {id, username}, media {id});
 *   its time is the entry's `time`.
 * Comments the page or account itself wrote (from.id = entry.id) are skipped.
 * `entry.time` is taken in ms, or in seconds when it is below 10^12 (Meta sends both).
 *
 * Telegram (an Update): `message` in a private chat only (groups, channels, edits, other update
 * types skipped); externalId `<chat.id>:<message_id>`, the customer is the chat (a private
 * chat's id is the user's), `date` in seconds; text, else the caption, else INBOX_MSG.attachment.
 */
import { INBOX_MSG } from '@director-ia/shared';
import type { InboundMessage } from './types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A string, or a finite number as its decimal text (ids come as either). */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Epoch ms of a Meta time: ms, seconds (below 10^12) or an ISO string. */
function metaTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isFinite(parsed)) return parsed;
  }
  return undefined;
}

/** What a parse produced: the messages and how many events were skipped. */
export interface Parsed {
  messages: InboundMessage[];
  skipped: number;
}

/** The Meta network a webhook `object` belongs to. */
export const META_OBJECTS = { facebook: 'page', instagram: 'instagram' } as const;

function messagingEvent(network: 'facebook' | 'instagram', accountId: string, event: unknown): InboundMessage | null {
  if (!isObject(event) || !isObject(event.message)) return null;
  const { message } = event;
  const sender = isObject(event.sender) ? idOf(event.sender.id) : undefined;
  const mid = idOf(message.mid);
  if (!sender || !mid || message.is_echo === true || sender === accountId) return null;
  const text = textOf(message.text) ?? (list(message.attachments).length > 0 ? INBOX_MSG.attachment : undefined);
  const sentAt = metaTime(event.timestamp);
  if (text === undefined || sentAt === undefined) return null;
  return { network, kind: 'dm', accountId, externalId: mid, customerId: sender, text, sentAt };
}

function facebookComment(accountId: string, value: Json, entryTime: number | undefined): InboundMessage | null {
  if (value.item !== 'comment' || value.verb !== 'add') return null;
  const from = isObject(value.from) ? value.from : {};
  const customerId = idOf(from.id);
  const commentId = idOf(value.comment_id);
  const postId = idOf(value.post_id);
  if (!customerId || !commentId || !postId || customerId === accountId) return null;
  const text = textOf(value.message) ?? (value.photo !== undefined || value.video !== undefined ? INBOX_MSG.attachment : undefined);
  const sentAt = metaTime(value.created_time) ?? entryTime;
  if (text === undefined || sentAt === undefined) return null;
  const name = textOf(from.name);
  return { network: 'facebook', kind: 'comment', accountId, externalId: commentId, customerId, ...(name ? { customerName: name } : {}), text, sentAt, postId };
}

function instagramComment(accountId: string, value: Json, entryTime: number | undefined): InboundMessage | null {
  const from = isObject(value.from) ? value.from : {};
  const customerId = idOf(from.id);
  const commentId = idOf(value.id);
  const postId = isObject(value.media) ? idOf(value.media.id) : undefined;
  const text = textOf(value.text);
  const sentAt = metaTime(value.timestamp) ?? entryTime;
  if (!customerId || !commentId || !postId || !text || sentAt === undefined || customerId === accountId) return null;
  const username = textOf(from.username);
  return { network: 'instagram', kind: 'comment', accountId, externalId: commentId, customerId, ...(username ? { customerName: username, customerHandle: username } : {}), text, sentAt, postId };
}

function change(network: 'facebook' | 'instagram', accountId: string, item: unknown, entryTime: number | undefined): InboundMessage | null {
  if (!isObject(item) || !isObject(item.value)) return null;
  if (network === 'facebook' && item.field === 'feed') return facebookComment(accountId, item.value, entryTime);
  if (network === 'instagram' && item.field === 'comments') return instagramComment(accountId, item.value, entryTime);
  return null;
}

/** The messages of a Meta body for `network` (see the module header); null when it is not a body of that network. */
export function parseMeta(network: 'facebook' | 'instagram', body: unknown): Parsed | null {
  if (!isObject(body) || body.object !== META_OBJECTS[network] || !Array.isArray(body.entry)) return null;
  const messages: InboundMessage[] = [];
  let skipped = 0;
  for (const entry of body.entry) {
    const accountId = isObject(entry) ? idOf(entry.id) : undefined;
    if (!isObject(entry) || !accountId) {
      skipped += 1;
      continue;
    }
    const entryTime = metaTime(entry.time);
    const events = [...list(entry.messaging).map((event) => messagingEvent(network, accountId, event)), ...list(entry.changes).map((item) => change(network, accountId, item, entryTime))];
    for (const message of events) {
      if (message) messages.push(message);
      else skipped += 1;
    }
  }
  return { messages, skipped };
}

/** Message fields Telegram uses for content that is not text. */
const TELEGRAM_MEDIA = ['photo', 'video', 'audio', 'voice', 'video_note', 'document', 'sticker', 'animation', 'contact', 'location', 'venue', 'poll', 'dice'];

/** The message of a Telegram Update received by bot `botId` (see the module header); null when there is none to store. */
export function parseTelegram(botId: string, update: unknown): InboundMessage | null {
  if (!isObject(update) || !isObject(update.message)) return null;
  const { message } = update;
  const chat = isObject(message.chat) ? message.chat : null;
  const chatId = chat ? idOf(chat.id) : undefined;
  const messageId = idOf(message.message_id);
  if (!chat || chat.type !== 'private' || !chatId || !messageId || typeof message.date !== 'number') return null;
  if (isObject(message.from) && message.from.is_bot === true) return null;
  const text = textOf(message.text) ?? textOf(message.caption) ?? (TELEGRAM_MEDIA.some((field) => message[field] !== undefined) ? INBOX_MSG.attachment : undefined);
  if (text === undefined) return null;
  const name = [textOf(chat.first_name), textOf(chat.last_name)].filter(Boolean).join(' ');
  const username = textOf(chat.username);
  return {
    network: 'telegram',
    kind: 'dm',
    accountId: botId,
    externalId: `${chatId}:${messageId}`,
    customerId: chatId,
    ...(name ? { customerName: name } : {}),
    ...(username ? { customerHandle: username } : {}),
    text,
    sentAt: message.date * 1000,
  };
}
