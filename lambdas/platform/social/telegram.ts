/**
 * Telegram (issue 12 item 2): no OAuth, a bot token and a channel checked with the Bot API
 * (`getMe`, `getChat`, `getChatMember`). The token is part of every URL path
 * (`${api}/bot<token>/<method>`): platform/http masks that segment in its errors and our logs get
 * the redacted URL only.
 */
import { TELEGRAM_BOT_TOKEN, type SocialAccount } from '@director-ia/shared';
import * as z from 'zod/mini';
import { configuredUrl, sendCall, unexpected, type AdapterOptions } from './call';
import { NetworkError, TelegramRefusal, type FoundTarget, type NetworkApp, type TelegramRefusalReason } from './types';

const Answer = <T extends z.ZodMiniType>(result: T) => z.object({ ok: z.literal(true), result });
const BotSchema = Answer(z.object({ id: z.number(), first_name: z.string(), username: z.optional(z.string()) }));
const ChatSchema = Answer(z.object({ id: z.number(), type: z.string(), title: z.optional(z.string()), username: z.optional(z.string()) }));
const MemberSchema = Answer(z.object({ status: z.string(), can_post_messages: z.optional(z.boolean()) }));

/**
 * Calls Bot API `method` with `query`; resolves with the answer's `result` when `schema` fits.
 * A 4xx answer (Telegram says `{ok: false, description}`) is the TelegramRefusal `refusal`; no
 * answer, 5xx and anything else not understood are NetworkError `unavailable`.
 */
async function botCall<T extends z.ZodMiniType>(
  app: NetworkApp,
  token: string,
  method: string,
  query: Record<string, string>,
  schema: T,
  refusal: TelegramRefusalReason,
  options: AdapterOptions,
): Promise<z.infer<T>> {
  const url = configuredUrl('telegram', app.urls.api, `/bot${token}/${method}`, query).toString();
  const { status, body } = await sendCall({ network: 'telegram', url }, options);
  if (status >= 400 && status < 500 && status !== 429) throw new TelegramRefusal(refusal);
  if (status < 200 || status >= 300) throw new NetworkError('telegram', 'unavailable', `HTTP ${status}`, { status });
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw unexpected('telegram', method);
  return parsed.data;
}

/**
 * Checks that `botToken` works (`getMe`, else TelegramRefusal `token`), that `channel` (`@name` or
 * a numeric id) is a chat the bot sees (`getChat`, else `chatNotFound`) and a channel (else
 * `notChannel`), and that the bot is its administrator allowed to post (`getChatMember`, else
 * `notAdmin`). Resolves with the bot as the account and the channel (its numeric id) as the target.
 * NetworkError `unavailable` when Telegram cannot be reached.
 */
export async function checkTelegramBot(app: NetworkApp, botToken: string, channel: string, options: AdapterOptions = {}): Promise<{ bot: SocialAccount; channel: FoundTarget }> {
  // The token goes into a URL path: only BotFather's shape may.
  if (!TELEGRAM_BOT_TOKEN.test(botToken)) throw new TelegramRefusal('token');
  const me = (await botCall(app, botToken, 'getMe', {}, BotSchema, 'token', options)).result;
  const chat = (await botCall(app, botToken, 'getChat', { chat_id: channel }, ChatSchema, 'chatNotFound', options)).result;
  if (chat.type !== 'channel') throw new TelegramRefusal('notChannel');
  const chatId = String(chat.id);
  const member = (await botCall(app, botToken, 'getChatMember', { chat_id: chatId, user_id: String(me.id) }, MemberSchema, 'notAdmin', options)).result;
  if (member.status !== 'administrator' || member.can_post_messages !== true) throw new TelegramRefusal('notAdmin');
  return {
    bot: { id: String(me.id), name: me.first_name, pictureUrl: null },
    channel: { id: chatId, name: chat.title ?? (chat.username ? `@${chat.username}` : chatId), kind: 'channel', pictureUrl: null },
  };
}
