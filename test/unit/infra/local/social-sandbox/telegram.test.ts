/**
 * The sandbox's Telegram Bot API: getMe for any well-formed token (401 for `invalid…` secrets, 404
 * for malformed ones), getChat for the three fixed chats (else chat not found), getChatMember of
 * the bot (administrator with can_post_messages, member, group administrator); publishing (issue
 * 13): sendMessage, sendPhoto and sendVideo by URL, upload or file_id, sendMediaGroup, with
 * Telegram's limits and errors.
 */
import { describe, expect, it } from 'vitest';
import { TELEGRAM_BOT_TOKEN } from '@director-ia/shared';
import { formWith } from './publishers';
import { BOT_TOKEN, jpeg, publishingEnv } from './support';

const env = publishingEnv();

const BOT_ID = 7000000001;
const TOKEN = BOT_TOKEN;

async function call(method: string, params: Record<string, string | number> = {}, token = TOKEN, init?: RequestInit) {
  const url = new URL(`${env.t.sandbox.apps().telegram.urls.api}/bot${token}/${method}`);
  if (!init) for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe('telegram', () => {
  it('uses well-formed tokens', () => {
    expect(TOKEN).toMatch(TELEGRAM_BOT_TOKEN);
  });

  it('getMe: the bot of the token', async () => {
    expect(await call('getMe')).toEqual({ status: 200, body: { ok: true, result: expect.objectContaining({ id: BOT_ID, is_bot: true, first_name: expect.any(String), username: expect.stringMatching(/bot$/) }) } });
  });

  it('a token whose secret starts with "invalid" is Unauthorized; a malformed one is Not Found', async () => {
    expect(await call('getMe', {}, `${BOT_ID}:invalidAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(await call('getMe', {}, 'not-a-token')).toEqual({ status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } });
    expect((await call('noSuchMethod')).status).toBe(404);
  });

  it('getChat: the channels and the group, by @name or id; anything else is not found', async () => {
    const channel = await call('getChat', { chat_id: '@canal_pruebas' });
    expect(channel.body).toEqual({ ok: true, result: { id: expect.any(Number), type: 'channel', title: 'Canal de pruebas', username: 'canal_pruebas' } });
    expect((await call('getChat', { chat_id: channel.body.result.id })).body.result.username).toBe('canal_pruebas');
    expect((await call('getChat', { chat_id: '@grupo_pruebas' })).body.result.type).toBe('supergroup');
    expect(await call('getChat', { chat_id: '@otro_canal' })).toEqual({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } });
  });

  it('getChatMember: administrator allowed to post, member, group administrator', async () => {
    const admin = await call('getChatMember', { chat_id: '@canal_pruebas', user_id: BOT_ID });
    expect(admin.body).toEqual({ ok: true, result: expect.objectContaining({ status: 'administrator', can_post_messages: true, user: expect.objectContaining({ id: BOT_ID }) }) });
    const member = await call('getChatMember', { chat_id: '@canal_sin_permiso', user_id: BOT_ID });
    expect(member.body.result).toEqual({ status: 'member', user: expect.objectContaining({ id: BOT_ID }) });
    const group = await call('getChatMember', { chat_id: '@grupo_pruebas', user_id: BOT_ID });
    expect(group.body.result.status).toBe('administrator');
    expect(group.body.result.can_post_messages).toBeUndefined();
    expect((await call('getChatMember', { chat_id: '@canal_pruebas', user_id: 12345 })).status).toBe(400);
  });

  it('takes parameters as a JSON body too, and records the call with the token masked', async () => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat_id: '@canal_pruebas' }) };
    expect((await call('getChat', {}, TOKEN, init)).body.ok).toBe(true);
    const records = env.t.sandbox.requests('telegram');
    expect(records.at(-1)).toMatchObject({ network: 'telegram', method: 'POST', path: '/api/bot***/getChat', body: { chat_id: '@canal_pruebas' }, status: 200 });
    expect(JSON.stringify(records)).not.toContain(TOKEN.split(':')[1]);
  });
});

const post = (method: string, body: Record<string, unknown>) =>
  call(method, {}, TOKEN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('telegram publishing', () => {
  it('sendMessage: a channel post with sender_chat; the feed gets its t.me URL', async () => {
    const answer = await post('sendMessage', { chat_id: '@canal_pruebas', text: 'Hola, canal' });
    expect(answer.body).toEqual({
      ok: true,
      result: {
        message_id: expect.any(Number),
        sender_chat: { id: -1001000000001, title: 'Canal de pruebas', username: 'canal_pruebas', type: 'channel' },
        chat: { id: -1001000000001, title: 'Canal de pruebas', username: 'canal_pruebas', type: 'channel' },
        date: expect.any(Number),
        text: 'Hola, canal',
      },
    });
    expect(env.t.sandbox.posts('telegram').at(-1)).toMatchObject({ id: String(answer.body.result.message_id), url: `https://t.me/canal_pruebas/${answer.body.result.message_id}` });
    const group = await post('sendMessage', { chat_id: '@grupo_pruebas', text: 'Hola, grupo' });
    expect(group.body.result).toMatchObject({ from: { id: BOT_ID, is_bot: true }, chat: { type: 'supergroup' } });
  });

  it('shows HTML-formatted text without its tags', async () => {
    await post('sendMessage', { chat_id: '@canal_pruebas', text: '<b>Oferta</b> &amp; más', parse_mode: 'HTML' });
    expect(env.t.sandbox.posts('telegram').at(-1)?.text).toBe('Oferta & más');
  });

  it.each([
    ['sendMessage', { chat_id: '@canal_pruebas', text: '   ' }, 'Bad Request: message text is empty'],
    ['sendMessage', { chat_id: '@canal_pruebas', text: 'a'.repeat(4097) }, 'Bad Request: message is too long'],
    ['sendMessage', { chat_id: '@canal_sin_permiso', text: 'x' }, 'Bad Request: need administrator rights in the channel chat'],
    ['sendMessage', { chat_id: '@otro', text: 'x' }, 'Bad Request: chat not found'],
    ['sendPhoto', { chat_id: '@canal_pruebas', photo: 'MISSING', caption: 'x' }, 'Bad Request: wrong file identifier/HTTP URL specified'],
    ['sendPhoto', { chat_id: '@canal_pruebas', photo: 'http://127.0.0.1:9/nada.jpg' }, 'Bad Request: failed to get HTTP URL content'],
    ['sendPhoto', { chat_id: '@canal_pruebas', photo: '%MEDIA%/square.jpg', caption: 'a'.repeat(1025) }, 'Bad Request: message caption is too long'],
    ['sendPhoto', { chat_id: '@canal_pruebas', photo: '%MEDIA%/page.html' }, 'Bad Request: wrong type of the web page content'],
    ['sendPhoto', { chat_id: '@canal_pruebas', photo: '%MEDIA%/big.jpg' }, 'Bad Request: failed to get HTTP URL content'],
    ['sendMediaGroup', { chat_id: '@canal_pruebas', media: [{ type: 'photo', media: '%MEDIA%/square.jpg' }] }, 'Bad Request: media must contain 2-10 items'],
  ])('%s refuses %o', async (method, body, description) => {
    const resolved = JSON.parse(JSON.stringify(body).replaceAll('%MEDIA%', env.media.url));
    const before = env.t.sandbox.posts('telegram').length;
    expect(await post(method, resolved)).toEqual({ status: 400, body: { ok: false, error_code: 400, description } });
    expect(env.t.sandbox.posts('telegram')).toHaveLength(before);
  });

  it('sendPhoto by URL; the file_id it answers sends the same photo again', async () => {
    const first = await post('sendPhoto', { chat_id: '@canal_pruebas', photo: `${env.media.url}/wide.jpg`, caption: 'Foto por URL' });
    expect(first.body.result).toMatchObject({ caption: 'Foto por URL', photo: [{ file_id: expect.stringMatching(/^AgAC/), width: 1920, height: 1080 }] });
    const again = await post('sendPhoto', { chat_id: '@canal_pruebas', photo: first.body.result.photo[0].file_id });
    expect(again.body.ok).toBe(true);
    const [a, b] = env.t.sandbox.posts('telegram').slice(-2);
    expect(b?.media[0]?.id).toBe(a?.media[0]?.id);
  });

  it('sendPhoto and sendVideo upload multipart files', async () => {
    const photo = formWith({ chat_id: '@canal_pruebas', caption: 'Foto subida' }, { field: 'photo', bytes: jpeg(640, 480), type: 'image/jpeg', name: 'foto.jpg' });
    expect((await call('sendPhoto', {}, TOKEN, { method: 'POST', body: photo })).body.result.photo[0]).toMatchObject({ width: 640, height: 480 });
    const video = await post('sendVideo', { chat_id: '@canal_pruebas', video: `${env.media.url}/clip.mp4`, caption: 'Vídeo' });
    expect(video.body.result.video).toMatchObject({ file_id: expect.stringMatching(/^BAAC/), mime_type: 'video/mp4' });
    expect(env.t.sandbox.posts('telegram').at(-1)).toMatchObject({ text: 'Vídeo', media: [{ type: 'video/mp4' }] });
  });

  it('sendMediaGroup: one album of messages sharing media_group_id, one post with every item', async () => {
    const form = formWith(
      { chat_id: '@canal_pruebas', media: JSON.stringify([{ type: 'photo', media: 'attach://uno', caption: 'Álbum' }, { type: 'video', media: `${env.media.url}/clip.mp4` }]) },
      { field: 'uno', bytes: jpeg(300, 300), type: 'image/jpeg', name: 'uno.jpg' },
    );
    const answer = await call('sendMediaGroup', {}, TOKEN, { method: 'POST', body: form });
    expect(answer.body.result).toHaveLength(2);
    const [first, second] = answer.body.result;
    expect(first.media_group_id).toBe(second.media_group_id);
    expect(second.message_id).toBe(first.message_id + 1);
    expect(env.t.sandbox.posts('telegram').at(-1)).toMatchObject({
      id: String(first.message_id),
      text: 'Álbum',
      refs: { messageIds: `${first.message_id},${second.message_id}` },
      media: [{ type: 'image/jpeg' }, { type: 'video/mp4' }],
    });
  });

  it('an invalid bot token publishes nothing', async () => {
    const before = env.t.sandbox.posts('telegram').length;
    expect((await call('sendMessage', { chat_id: '@canal_pruebas', text: 'x' }, `${BOT_ID}:invalidAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(401);
    expect(env.t.sandbox.posts('telegram')).toHaveLength(before);
  });
});
