/**
 * Telegram publishing (lambdas/platform/social/publish/telegram.ts) against the Bot API's
 * documented shapes: sendMessage, sendPhoto, sendVideo and sendMediaGroup with the bot token in
 * the path, the t.me URL of a public channel, Telegram's 429 with retry_after, refusals, the token
 * kept out of errors and logs, and findPublished being unknowable.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../../../../lambdas/platform/logger';
import { createPublication, findPublished, NetworkError, OutcomeUnknown, preparePublication, RateLimited, type Prepared } from '../../../../../../lambdas/platform/social';
import { appFor, failureOf, json, medium, NOW, optionsWith, recordingFetch, requestFor } from './fake';

const BOT = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const API = `https://api.telegram.org/bot${BOT}`;
const app = appFor('telegram');
const tgRequest = (overrides = {}) => requestFor('telegram', { target: { id: '-1001234567890', kind: 'channel' }, accessToken: BOT, ...overrides });
const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'telegram' };
const message = (id: number, username?: string) => ({ message_id: id, date: 1_800_000_000, chat: { id: -1001234567890, type: 'channel', title: 'Canal', ...(username ? { username } : {}) } });

afterEach(() => vi.restoreAllMocks());

describe('Telegram', () => {
  it.each<[string, ReturnType<typeof medium>[], string, Record<string, unknown>]>([
    ['text', [], 'sendMessage', { chat_id: '-1001234567890', text: 'Hola desde Director IA' }],
    ['an image', [medium('image', 5)], 'sendPhoto', { chat_id: '-1001234567890', photo: medium('image', 5).url, caption: 'Hola desde Director IA' }],
    ['a video', [medium('video', 5)], 'sendVideo', { chat_id: '-1001234567890', video: medium('video', 5).url, caption: 'Hola desde Director IA' }],
  ])('%s: POST %s with the documented JSON; a public channel gets its t.me URL', async (_case, media, method, body) => {
    const { fetch, sent } = recordingFetch(() => json({ ok: true, result: message(42, 'canal_pruebas') }));
    const options = optionsWith(fetch);
    const request = tgRequest({ media });
    expect(await createPublication(app, request, await preparePublication(app, request, undefined, options), options)).toEqual({
      postId: '42',
      url: 'https://t.me/canal_pruebas/42',
    });
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization, r.json])).toEqual([['POST', `${API}/${method}`, undefined, body]]);
  });

  it('an album: sendMediaGroup with the caption on the first item; a private channel has no URL', async () => {
    const media = [medium('image', 5, 'a'), medium('video', 6, 'b')];
    const { fetch, sent } = recordingFetch(() => json({ ok: true, result: [message(50), message(51)] }));
    expect(await createPublication(app, tgRequest({ media }), prepared, optionsWith(fetch))).toEqual({ postId: '50', url: null });
    expect(sent[0]?.json).toEqual({
      chat_id: '-1001234567890',
      media: [
        { type: 'photo', media: media[0]?.url, caption: 'Hola desde Director IA' },
        { type: 'video', media: media[1]?.url },
      ],
    });
  });

  it('429: RateLimited after parameters.retry_after seconds', async () => {
    const { fetch } = recordingFetch(() => json({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 35', parameters: { retry_after: 35 } }, 429));
    const error = await failureOf(createPublication(app, tgRequest(), prepared, optionsWith(fetch)));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ retryAt: NOW + 35_000, scope: 'account', detail: 'Too Many Requests: retry after 35' });
  });

  it.each([
    [400, 'Bad Request: chat not found', 'denied'],
    [403, 'Forbidden: bot was kicked from the channel chat', 'denied'],
    [400, 'Bad Request: message caption is too long', 'rejected'],
    [400, 'Bad Request: wrong file identifier/HTTP URL specified', 'rejected'],
    [401, 'Unauthorized', 'invalid_grant'],
  ])('HTTP %i %s: %s, without the token anywhere', async (status, description, kind) => {
    const warn = vi.spyOn(logger, 'warn');
    const { fetch } = recordingFetch(() => json({ ok: false, error_code: status, description: `${description} ${BOT}` }, status));
    const error = await failureOf(createPublication(app, tgRequest(), prepared, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind, detail: expect.stringContaining(description.split(' ')[0] ?? '') });
    const secret = BOT.split(':')[1] ?? '';
    expect(JSON.stringify([String(error), (error as NetworkError).detail, warn.mock.calls])).not.toContain(secret);
  });

  it('an answer that cannot be read after Telegram accepted the send is OutcomeUnknown', async () => {
    const { fetch } = recordingFetch(() => json({ ok: true, result: 'sent' }));
    expect(await failureOf(createPublication(app, tgRequest(), prepared, optionsWith(fetch)))).toBeInstanceOf(OutcomeUnknown);
  });

  it('a token not shaped as BotFather gives it never reaches a URL', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    expect(await failureOf(createPublication(app, tgRequest({ accessToken: '1:abc/../x' }), prepared, optionsWith(fetch)))).toMatchObject({ kind: 'invalid_grant' });
    expect(sent).toHaveLength(0);
  });

  it('findPublished is unknowable (bots cannot read a channel), without a call', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    expect(await findPublished(app, tgRequest(), prepared, optionsWith(fetch))).toBe('unknowable');
    expect(sent).toHaveLength(0);
  });
});
