/**
 * Telegram channels (Bot API: the bot token in the path, `${api}/bot<token>/<method>`, masked in
 * every log by platform/http and removed from every detail). Telegram fetches the media from their
 * URLs.
 * - prepare: nothing to do.
 * - create, visible, JSON: text `sendMessage` `{chat_id, text}`; one image `sendPhoto`
 *   `{chat_id, photo: <url>, caption}`; one video `sendVideo` `{chat_id, video: <url>, caption}`;
 *   2 to MAX_GROUP media `sendMediaGroup` `{chat_id, media: [{type, media: <url>, caption?}]}`
 *   (the caption on the first) → `{ok: true, result: message | message[]}`.
 * - findPublished: `unknowable` (a bot cannot read a channel's history).
 * URL `https://t.me/<username>/<message_id>` for a public channel (the answer's `chat.username`),
 * else null.
 */
import { TELEGRAM_BOT_TOKEN } from '@director-ia/shared';
import * as z from 'zod/mini';
import { configuredUrl } from '../call';
import { NetworkError, type NetworkApp } from '../types';
import { parsedVisible, preparedBase, publishCall, requireReady, unsupported } from './call';
import { OutcomeUnknown, type PublishAdapter, type PublishRequest } from './types';

/** Most media in one album. */
export const MAX_GROUP = 10;

const Message = z.object({ message_id: z.number(), chat: z.object({ id: z.number(), username: z.optional(z.string()) }) });
const SendAnswer = z.object({ ok: z.literal(true), result: z.union([Message, z.array(Message)]) });

/** The Bot API method and its JSON body for `request`. */
function methodOf(request: PublishRequest): { method: string; json: Record<string, unknown> } {
  const chat_id = request.target.id;
  const { media, text } = request;
  const [only] = media;
  if (!only) return { method: 'sendMessage', json: { chat_id, text } };
  if (media.length === 1) return only.kind === 'image' ? { method: 'sendPhoto', json: { chat_id, photo: only.url, caption: text } } : { method: 'sendVideo', json: { chat_id, video: only.url, caption: text } };
  if (media.length > MAX_GROUP) throw unsupported('telegram', `${media.length} media in one album`);
  const items = media.map((item, index) => ({ type: item.kind === 'image' ? 'photo' : 'video', media: item.url, ...(index === 0 ? { caption: text } : {}) }));
  return { method: 'sendMediaGroup', json: { chat_id, media: items } };
}

function botUrl(app: NetworkApp, token: string, method: string): string {
  // The token goes into a URL path: only BotFather's shape may.
  if (!TELEGRAM_BOT_TOKEN.test(token)) throw new NetworkError('telegram', 'invalid_grant', 'the bot token is not shaped as BotFather gives it');
  return configuredUrl('telegram', app.urls.api, `/bot${token}/${method}`).toString();
}

export const telegram: PublishAdapter<'telegram'> = {
  async prepare(_app, request, previous, options) {
    methodOf(request);
    return { ...preparedBase(previous, options), ready: true, network: 'telegram' };
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    const { method, json } = methodOf(request);
    const answer = await publishCall(
      {
        network: 'telegram',
        resource: method,
        url: botUrl(app, request.accessToken, method),
        method: 'POST',
        json,
        secrets: [request.accessToken],
        visible: prepared,
        key: request.idempotencyKey,
      },
      options,
    );
    const { result } = parsedVisible('telegram', SendAnswer, answer.body, method, prepared);
    const first = Array.isArray(result) ? result[0] : result;
    if (!first) throw new OutcomeUnknown('telegram', 'empty album answer', prepared);
    const username = first.chat.username;
    return { postId: String(first.message_id), url: username ? `https://t.me/${encodeURIComponent(username)}/${first.message_id}` : null };
  },

  async findPublished() {
    return 'unknowable';
  },
};
