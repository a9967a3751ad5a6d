/**
 * The Telegram Bot API as the sandbox serves it at `/telegram/api/bot<token>/<method>` (issues 12
 * and 13): any well-formed token (TELEGRAM_BOT_TOKEN) is a bot whose id is the token's number,
 * except tokens whose secret part starts with `invalid` (401 Unauthorized); a malformed token or an
 * unknown method is 404 Not Found, as Telegram answers. Chats: `@canal_pruebas` (the bot is an
 * administrator allowed to post), `@canal_sin_permiso` (the bot is a member: posting there is
 * refused), `@grupo_pruebas` (a supergroup); anything else is "chat not found". Parameters come in
 * the query, a form, a multipart form or a JSON body.
 * Publishing (operation `create` for the fault hook): `sendMessage` (`text`, 1–4096 characters),
 * `sendPhoto` (`photo`: an http(s) URL the sandbox fetches, at most 5 MB, an uploaded file up to
 * 10 MB, or a file_id it gave), `sendVideo` (`video`: URL up to 20 MB, upload up to 50 MB),
 * captions up to 1024 characters, `sendMediaGroup` (`media`: 2–10 InputMediaPhoto/InputMediaVideo,
 * `attach://<part>` for uploaded files) → `{ok:true, result: Message | Message[]}`; each enters the
 * feed (an album as one post) with its `https://t.me/<chat>/<message_id>` URL.
 * Issue 14: `sendMessage` to a customer's private chat (their user id, once they wrote to this
 * bot) answers in that conversation (./messaging.ts, not the feed); `setWebhook`,
 * `deleteWebhook`, `getWebhookInfo`, `getUpdates` are ./telegramWebhooks.ts.
 */
import { TELEGRAM_BOT_TOKEN } from '@director-ia/shared';
import { TELEGRAM_CHATS, type TelegramChat } from './accounts';
import type { SandboxContext } from './context';
import { underFault } from './faults';
import type { FeedMedia } from './feed';
import { json, requestParams, type SandboxRequest, type SandboxResponse } from './http';
import { fetchFailed, type MediaRecord } from './media';
import { telegramPrivateReply } from './messaging';
import { feedMedia, fileField } from './publish';
import { TELEGRAM_WEBHOOK_METHODS } from './telegramWebhooks';

interface BotUser {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
}

interface MethodCall {
  ctx: SandboxContext;
  req: SandboxRequest;
  bot: BotUser;
  params: Record<string, string>;
}

const ok = (result: unknown) => json(200, { ok: true, result });
const fail = (status: number, description: string) => json(status, { ok: false, error_code: status, description });
const NOT_FOUND = () => fail(404, 'Not Found');

function findChat(chatId: string | undefined): TelegramChat | undefined {
  if (!chatId) return undefined;
  const wanted = chatId.toLowerCase();
  return TELEGRAM_CHATS.find((chat) => `@${chat.username}` === wanted || String(chat.id) === wanted);
}

/** The bot's membership in `chat`, with the rights an administrator of that kind of chat has. */
function botMember(bot: BotUser, chat: TelegramChat): Record<string, unknown> {
  if (chat.botStatus === 'member') return { user: bot, status: 'member' };
  const common = {
    user: bot,
    status: 'administrator',
    can_be_edited: false,
    is_anonymous: false,
    can_manage_chat: true,
    can_delete_messages: true,
    can_manage_video_chats: true,
    can_restrict_members: true,
    can_promote_members: false,
    can_change_info: true,
    can_invite_users: true,
    can_post_stories: true,
    can_edit_stories: true,
    can_delete_stories: true,
  };
  // Only channel administrators have can_post_messages / can_edit_messages.
  return chat.type === 'channel' ? { ...common, can_post_messages: true, can_edit_messages: true } : { ...common, can_pin_messages: true, can_manage_topics: false };
}

/** The Bot API methods the sandbox serves. */
export const TELEGRAM_METHODS: Readonly<Record<string, (call: MethodCall) => SandboxResponse | Promise<SandboxResponse>>> = {
  getMe: ({ bot }) => ok({ ...bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false }),
  getChat: ({ params }) => {
    if (!params.chat_id) return fail(400, 'Bad Request: chat_id is empty');
    const chat = findChat(params.chat_id);
    if (!chat) return fail(400, 'Bad Request: chat not found');
    return ok({ id: chat.id, type: chat.type, title: chat.title, username: chat.username });
  },
  getChatMember: ({ bot, params }) => {
    if (!params.chat_id) return fail(400, 'Bad Request: chat_id is empty');
    const chat = findChat(params.chat_id);
    if (!chat) return fail(400, 'Bad Request: chat not found');
    if (!params.user_id || !/^\d+$/.test(params.user_id)) return fail(400, 'Bad Request: invalid user_id specified');
    if (params.user_id !== String(bot.id)) return fail(400, 'Bad Request: user not found');
    return ok(botMember(bot, chat));
  },
  sendMessage: (call) => send(call, 'text'),
  sendPhoto: (call) => send(call, 'photo'),
  sendVideo: (call) => send(call, 'video'),
  sendMediaGroup: sendMediaGroup,
  ...TELEGRAM_WEBHOOK_METHODS,
};

/** The methods that publish (the fault hook's `create`). */
const PUBLISHING_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendVideo', 'sendMediaGroup']);

/** Serves `/telegram/api<path>`. */
export async function serveTelegram(ctx: SandboxContext, req: SandboxRequest, path: string): Promise<SandboxResponse> {
  const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
  if (!match?.[1] || !match[2]) return NOT_FOUND();
  const [, token, method] = match;
  if (!TELEGRAM_BOT_TOKEN.test(token)) return NOT_FOUND();
  const [id = '', secret = ''] = token.split(':');
  if (secret.startsWith('invalid')) return fail(401, 'Unauthorized');
  const handler = Object.hasOwn(TELEGRAM_METHODS, method) ? TELEGRAM_METHODS[method] : undefined;
  if (!handler) return NOT_FOUND();
  const bot: BotUser = { id: Number(id), is_bot: true, first_name: 'Bot de pruebas', username: `pruebas_${id}_bot` };
  return underFault(ctx, 'telegram', PUBLISHING_METHODS.has(method) ? 'create' : undefined, async () => handler({ ctx, req, bot, params: requestParams(req) }));
}

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const MB = 1024 * 1024;
/** Bytes a bot may send per kind: by URL (Telegram fetches it) and uploaded. */
const SIZE_LIMITS = { photo: { url: 5 * MB, upload: 10 * MB }, video: { url: 20 * MB, upload: 50 * MB } } as const;
/** file_id prefixes of the files the sandbox hands out (Telegram's look alike). */
const FILE_ID_PREFIX = { photo: 'AgACsbx_', video: 'BAACsbx_' } as const;

type MediaKind = 'photo' | 'video';

/** The chat to post in, or Telegram's refusal (unknown chat, or a channel where the bot may not post). */
function postingChat(params: Record<string, string>): TelegramChat | SandboxResponse {
  if (!params.chat_id) return fail(400, 'Bad Request: chat_id is empty');
  const chat = findChat(params.chat_id);
  if (!chat) return fail(400, 'Bad Request: chat not found');
  if (chat.type === 'channel' && chat.botStatus !== 'administrator') return fail(400, 'Bad Request: need administrator rights in the channel chat');
  return chat;
}

const isResponse = (value: unknown): value is SandboxResponse => typeof value === 'object' && value !== null && 'status' in value && 'headers' in value;

/** Text as readers see it: HTML tags or MarkdownV2 escapes of `parse_mode` removed. */
function displayText(text: string, parseMode: string | undefined): string {
  if (parseMode === 'HTML') {
    return text
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  }
  if (parseMode === 'MarkdownV2') return text.replace(/\\([_*[\]()~`>#+\-=|{}.!\\])/g, '$1');
  return text;
}

/** The media of a `photo`/`video` value: an uploaded part, a file_id the sandbox gave, or a URL it fetches. */
async function inputMedia(ctx: SandboxContext, req: SandboxRequest, kind: MediaKind, value: string | undefined, part: string): Promise<MediaRecord | SandboxResponse> {
  const uploaded = fileField(req, value?.startsWith('attach://') ? value.slice('attach://'.length) : part);
  const limits = SIZE_LIMITS[kind];
  let record: MediaRecord;
  if (uploaded && (value === undefined || value.startsWith('attach://'))) {
    if (uploaded.size > limits.upload) return fail(400, 'Bad Request: file is too big');
    record = await ctx.media.keep(uploaded.path, uploaded.contentType);
  } else if (!value) {
    return fail(400, `Bad Request: there is no ${kind} in the request`);
  } else if (value.startsWith(FILE_ID_PREFIX[kind])) {
    const known = ctx.media.get(value.slice(FILE_ID_PREFIX[kind].length));
    if (!known) return fail(400, 'Bad Request: wrong file identifier/HTTP URL specified');
    record = known;
  } else if (/^https?:\/\//i.test(value)) {
    const fetched = await ctx.media.fetch(value, limits.url);
    if (fetchFailed(fetched)) return fail(400, 'Bad Request: failed to get HTTP URL content');
    record = fetched;
  } else {
    return fail(400, 'Bad Request: wrong file identifier/HTTP URL specified');
  }
  if (!record.contentType.startsWith(kind === 'photo' ? 'image/' : 'video/')) return fail(400, 'Bad Request: wrong type of the web page content');
  return record;
}

/** The next message id of `chat` (each chat counts its own). */
function nextMessageId(ctx: SandboxContext, chat: TelegramChat): number {
  const counters = ctx.publishing.table<number>('telegram.messageIds');
  const next = (counters.get(String(chat.id)) ?? 0) + 1;
  counters.set(String(chat.id), next);
  return next;
}

/** A Message as the Bot API returns it. */
function message(bot: BotUser, chat: TelegramChat, id: number, date: number, content: Record<string, unknown>): Record<string, unknown> {
  const chatObject = { id: chat.id, title: chat.title, username: chat.username, type: chat.type };
  return { message_id: id, ...(chat.type === 'channel' ? { sender_chat: chatObject } : { from: bot }), chat: chatObject, date, ...content };
}

function mediaContent(kind: MediaKind, record: MediaRecord): Record<string, unknown> {
  const file = { file_id: `${FILE_ID_PREFIX[kind]}${record.id}`, file_unique_id: record.id.slice(2, 18), file_size: record.size };
  if (kind === 'photo') return { photo: [{ ...file, width: record.width ?? 0, height: record.height ?? 0 }] };
  return { video: { ...file, width: 0, height: 0, duration: 0, mime_type: record.contentType } };
}

const postUrl = (chat: TelegramChat, id: number) => `https://t.me/${chat.username}/${id}`;

/** sendMessage, sendPhoto, sendVideo. */
async function send({ ctx, req, bot, params }: MethodCall, kind: 'text' | MediaKind): Promise<SandboxResponse> {
  if (kind === 'text' && params.text?.trim() && params.text.length <= TEXT_MAX) {
    const reply = telegramPrivateReply(ctx, bot.id, params.chat_id, displayText(params.text, params.parse_mode));
    if (reply) return ok(reply);
  }
  const chat = postingChat(params);
  if (isResponse(chat)) return chat;
  const text = (kind === 'text' ? params.text : params.caption) ?? '';
  if (kind === 'text' && !text.trim()) return fail(400, 'Bad Request: message text is empty');
  if (kind === 'text' && text.length > TEXT_MAX) return fail(400, 'Bad Request: message is too long');
  if (kind !== 'text' && text.length > CAPTION_MAX) return fail(400, 'Bad Request: message caption is too long');
  let record: MediaRecord | null = null;
  if (kind !== 'text') {
    const found = await inputMedia(ctx, req, kind, params[kind], kind);
    if (isResponse(found)) return found;
    record = found;
  }
  const id = nextMessageId(ctx, chat);
  const date = Math.floor(ctx.publishing.now() / 1000);
  ctx.publishing.addPost({
    network: 'telegram',
    id: String(id),
    target: { id: String(chat.id), name: chat.title },
    text: displayText(text, params.parse_mode),
    media: record ? [feedMedia(record)] : [],
    url: postUrl(chat, id),
  });
  const content = record ? { ...mediaContent(kind as MediaKind, record), ...(text ? { caption: text } : {}) } : { text };
  return ok(message(bot, chat, id, date, content));
}

/** The `media` parameter of sendMediaGroup: a JSON array (a string in forms, an array in JSON bodies). */
function mediaItems(req: SandboxRequest, params: Record<string, string>): unknown[] | null {
  const value: unknown = Array.isArray(req.body?.media) ? req.body.media : params.media;
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

async function sendMediaGroup({ ctx, req, bot, params }: MethodCall): Promise<SandboxResponse> {
  const chat = postingChat(params);
  if (isResponse(chat)) return chat;
  const items = mediaItems(req, params);
  if (!items) return fail(400, 'Bad Request: media must be a JSON array of InputMedia');
  if (items.length < 2 || items.length > 10) return fail(400, 'Bad Request: media must contain 2-10 items');
  const collected: { kind: MediaKind; record: MediaRecord; caption: string; parseMode?: string }[] = [];
  for (const item of items) {
    const entry = (item ?? {}) as Record<string, unknown>;
    const kind = entry.type;
    if (kind !== 'photo' && kind !== 'video') return fail(400, 'Bad Request: unsupported media type in the album');
    const caption = typeof entry.caption === 'string' ? entry.caption : '';
    if (caption.length > CAPTION_MAX) return fail(400, 'Bad Request: message caption is too long');
    const found = await inputMedia(ctx, req, kind, typeof entry.media === 'string' ? entry.media : undefined, '');
    if (isResponse(found)) return found;
    collected.push({ kind, record: found, caption, ...(typeof entry.parse_mode === 'string' ? { parseMode: entry.parse_mode } : {}) });
  }
  const date = Math.floor(ctx.publishing.now() / 1000);
  const groupId = ctx.publishing.numericId('1', 17);
  const messages = collected.map((item) => {
    const id = nextMessageId(ctx, chat);
    return message(bot, chat, id, date, { media_group_id: groupId, ...mediaContent(item.kind, item.record), ...(item.caption ? { caption: item.caption } : {}) });
  });
  const ids = messages.map((entry) => entry.message_id as number);
  const first = ids[0] ?? 0;
  const captioned = collected.find((item) => item.caption);
  ctx.publishing.addPost({
    network: 'telegram',
    id: String(first),
    refs: { messageIds: ids.join(','), mediaGroupId: groupId },
    target: { id: String(chat.id), name: chat.title },
    text: captioned ? displayText(captioned.caption, captioned.parseMode) : '',
    media: collected.map((item): FeedMedia => feedMedia(item.record)),
    url: postUrl(chat, first),
  });
  return ok(messages);
}

/** `path` with the bot token of `/bot<token>/…` masked, for the request records. */
export const maskBotToken = (path: string): string => path.replace(/\/bot[^/]+/, '/bot***');
