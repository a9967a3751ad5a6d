/**
 * checkTelegramBot (lambdas/platform/social/telegram.ts) against the Bot API's documented shapes:
 * getMe, getChat and getChatMember as sent (token in the path, chat and bot ids in the query), each
 * TelegramRefusal reason from the documented answers, NetworkError when Telegram cannot be reached,
 * and the token kept out of errors and logs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../../../lambdas/platform/logger';
import { checkTelegramBot } from '../../../../../lambdas/platform/social/telegram';
import { NetworkError, TelegramRefusal, type TelegramRefusalReason } from '../../../../../lambdas/platform/social/types';
import { appFor, json, recordingFetch, type Route } from './fake-network';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const API = 'https://api.telegram.org';
const BOT = { id: 123456789, is_bot: true, first_name: 'Bot de pruebas', username: 'pruebas_bot' };
const CHANNEL = { id: -1001234567890, type: 'channel', title: 'Canal de pruebas', username: 'canal_pruebas' };
const ADMIN = { status: 'administrator', can_post_messages: true, user: BOT };
const ok = (result: unknown) => json({ ok: true, result });
const UNAUTHORIZED = json({ ok: false, error_code: 401, description: 'Unauthorized' }, 401);
const NOT_FOUND = json({ ok: false, error_code: 400, description: 'Bad Request: chat not found' }, 400);

/** The Bot API answering getMe, getChat and getChatMember with the given answers. */
const bot =
  (answers: { me?: () => Response; chat?: () => Response; member?: () => Response }): Route =>
  (request) => {
    const method = request.url.pathname.split('/').pop();
    if (method === 'getMe') return answers.me?.() ?? ok(BOT);
    if (method === 'getChat') return answers.chat?.() ?? ok(CHANNEL);
    if (method === 'getChatMember') return answers.member?.() ?? ok(ADMIN);
    return json({ ok: false, error_code: 404, description: 'Not Found' }, 404);
  };

async function refusalOf(route: Route, token = TOKEN): Promise<TelegramRefusalReason | undefined> {
  const { fetch } = recordingFetch(route);
  const error = await checkTelegramBot(appFor('telegram'), token, '@canal_pruebas', { fetch }).catch((e: unknown) => e);
  return error instanceof TelegramRefusal ? error.reason : undefined;
}

afterEach(() => vi.restoreAllMocks());

describe('checkTelegramBot', () => {
  it('asks getMe, getChat and getChatMember as documented and answers the bot and the channel', async () => {
    const { fetch, sent } = recordingFetch(bot({}));
    const result = await checkTelegramBot(appFor('telegram'), TOKEN, '@canal_pruebas', { fetch });
    expect(result).toEqual({
      bot: { id: '123456789', name: 'Bot de pruebas', pictureUrl: null },
      channel: { id: '-1001234567890', name: 'Canal de pruebas', kind: 'channel', pictureUrl: null },
    });
    expect(sent.map((request) => [request.method, request.endpoint, request.query])).toEqual([
      ['GET', `${API}/bot${TOKEN}/getMe`, {}],
      ['GET', `${API}/bot${TOKEN}/getChat`, { chat_id: '@canal_pruebas' }],
      ['GET', `${API}/bot${TOKEN}/getChatMember`, { chat_id: '-1001234567890', user_id: '123456789' }],
    ]);
  });

  it('works against a configured API base (the sandbox)', async () => {
    const { fetch, sent } = recordingFetch(bot({}));
    const app = { ...appFor('telegram'), urls: { ...appFor('telegram').urls, api: 'http://sandbox.example.test:9010/telegram/api' } };
    await checkTelegramBot(app, TOKEN, '-1001234567890', { fetch });
    expect(sent[0]?.endpoint).toBe(`http://sandbox.example.test:9010/telegram/api/bot${TOKEN}/getMe`);
  });

  it.each<[string, Route, TelegramRefusalReason]>([
    ['a token Telegram does not know (401)', bot({ me: () => UNAUTHORIZED }), 'token'],
    ['a token Telegram answers 404 to', bot({ me: () => json({ ok: false, error_code: 404, description: 'Not Found' }, 404) }), 'token'],
    ['a chat the bot does not see', bot({ chat: () => NOT_FOUND }), 'chatNotFound'],
    ['a chat the bot was removed from (403)', bot({ chat: () => json({ ok: false, error_code: 403, description: 'Forbidden: bot is not a member of the channel chat' }, 403) }), 'chatNotFound'],
    ['a supergroup', bot({ chat: () => ok({ id: -100999, type: 'supergroup', title: 'Grupo de pruebas' }) }), 'notChannel'],
    ['a private chat', bot({ chat: () => ok({ id: 5, type: 'private', first_name: 'Ana' }) }), 'notChannel'],
    ['a bot that is only a member', bot({ member: () => ok({ status: 'member', user: BOT }) }), 'notAdmin'],
    ['an administrator that may not post', bot({ member: () => ok({ status: 'administrator', can_post_messages: false, user: BOT }) }), 'notAdmin'],
    ['an administrator without the flag', bot({ member: () => ok({ status: 'administrator', user: BOT }) }), 'notAdmin'],
    ['a member lookup refused', bot({ member: () => json({ ok: false, error_code: 400, description: 'Bad Request: user not found' }, 400) }), 'notAdmin'],
  ])('refuses %s', async (_case, route, reason) => {
    expect(await refusalOf(route)).toBe(reason);
  });

  it('refuses a token not shaped as BotFather gives it without calling Telegram', async () => {
    const { fetch, sent } = recordingFetch(bot({}));
    const error = await checkTelegramBot(appFor('telegram'), '123:abc/../../x', '@canal_pruebas', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramRefusal);
    expect((error as TelegramRefusal).reason).toBe('token');
    expect(sent).toHaveLength(0);
  });

  it.each<[string, Route]>([
    ['a 502', () => new Response('Bad Gateway', { status: 502 })],
    ['an answer that is not the Bot API', () => json({ hello: 'world' })],
    [
      'no answer',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('is NetworkError unavailable on %s, with the token in neither the error nor the log', async (_case, route) => {
    const warn = vi.spyOn(logger, 'warn');
    const { fetch } = recordingFetch(route);
    const error = await checkTelegramBot(appFor('telegram'), TOKEN, '@canal_pruebas', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ network: 'telegram', kind: 'unavailable' });
    expect(JSON.stringify([String(error), (error as NetworkError).detail, (error as Error).cause ? String((error as Error).cause) : ''])).not.toContain(TOKEN.split(':')[1]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(TOKEN.split(':')[1]);
  });
});
