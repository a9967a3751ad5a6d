/**
 * The Telegram Bot API as the sandbox serves it at `/telegram/api/bot<token>/<method>` (issue 12
 * brief, "The sandbox"): any well-formed token (TELEGRAM_BOT_TOKEN) is a bot whose id is the
 * token's number, except tokens whose secret part starts with `invalid` (401 Unauthorized); a
 * malformed token or an unknown method is 404 Not Found, as Telegram answers. Chats: `@canal_pruebas`
 * (the bot is an administrator allowed to post), `@canal_sin_permiso` (the bot is a member),
 * `@grupo_pruebas` (a supergroup); anything else is "chat not found". Parameters come in the
 * query, a form or a JSON body. Methods are a table so publishing (sendMessage, sendPhoto) slots in.
 */
import { TELEGRAM_BOT_TOKEN } from '@director-ia/shared';
import { TELEGRAM_CHATS, type TelegramChat } from './accounts';
import { json, requestParams, type SandboxRequest, type SandboxResponse } from './http';

interface BotUser {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
}

interface MethodCall {
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
export const TELEGRAM_METHODS: Readonly<Record<string, (call: MethodCall) => SandboxResponse>> = {
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
};

/** Serves `/telegram/api<path>`. */
export function serveTelegram(req: SandboxRequest, path: string): SandboxResponse {
  const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
  if (!match?.[1] || !match[2]) return NOT_FOUND();
  const [, token, method] = match;
  if (!TELEGRAM_BOT_TOKEN.test(token)) return NOT_FOUND();
  const [id = '', secret = ''] = token.split(':');
  if (secret.startsWith('invalid')) return fail(401, 'Unauthorized');
  const handler = Object.hasOwn(TELEGRAM_METHODS, method) ? TELEGRAM_METHODS[method] : undefined;
  if (!handler) return NOT_FOUND();
  const bot: BotUser = { id: Number(id), is_bot: true, first_name: 'Bot de pruebas', username: `pruebas_${id}_bot` };
  return handler({ bot, params: requestParams(req) });
}

/** `path` with the bot token of `/bot<token>/…` masked, for the request records. */
export const maskBotToken = (path: string): string => path.replace(/\/bot[^/]+/, '/bot***');
