/**
 * The sandbox's Telegram Bot API: getMe for any well-formed token (401 for `invalid…` secrets, 404
 * for malformed ones), getChat for the three fixed chats (else chat not found), getChatMember of
 * the bot (administrator with can_post_messages, member, group administrator).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEGRAM_BOT_TOKEN } from '@director-ia/shared';
import { startTestSandbox, type TestSandbox } from './support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const BOT_ID = 7000000001;
const TOKEN = `${BOT_ID}:AAHsandboxSecretPartForTheTestsOnly123`;

async function call(method: string, params: Record<string, string | number> = {}, token = TOKEN, init?: RequestInit) {
  const url = new URL(`${t.sandbox.apps().telegram.urls.api}/bot${token}/${method}`);
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
    const records = t.sandbox.requests('telegram');
    expect(records.at(-1)).toMatchObject({ network: 'telegram', method: 'POST', path: '/api/bot***/getChat', body: { chat_id: '@canal_pruebas' }, status: 200 });
    expect(JSON.stringify(records)).not.toContain(TOKEN.split(':')[1]);
  });
});
