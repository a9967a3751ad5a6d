/**
 * handleWebhook (lambdas/core/inbox/receive.ts) against DynamoDB Local: Meta's verification
 * handshake, signatures over the raw body with the network app's secret (good, wrong secret,
 * missing, altered body; a replay is stored once), tenant resolution through route items (two
 * brands: the newest claim wins; an unclaimed page is acknowledged and dropped), Telegram's route
 * key and secret token, private chats only, and the answers each case gets. The network apps and
 * the verify-token secret are stand-ins; the worker invocation is a mocked Lambda client.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub } from '../../../../support/domain-env';
import { useInboxEnv } from './receiveSupport';

vi.mock('../../../../../lambdas/platform/social/apps', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  loadNetworkApps: async () => ({
    facebook: { network: 'facebook', clientId: 'fb', clientSecret: 'fb-secret', urls: {}, sandbox: true },
    instagram: { network: 'instagram', clientId: 'ig', clientSecret: 'ig-secret', urls: {}, sandbox: true },
    telegram: { network: 'telegram', clientId: '', clientSecret: '', urls: {}, sandbox: true },
  }),
}));
vi.mock('../../../../../lambdas/platform/secrets/managed', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  getSecretString: async (name: string) => (name === 'verify-secret' ? 'token-de-verificacion\n' : Promise.reject(new Error('no such secret'))),
}));

const env = await useInboxEnv({ WEBHOOK_VERIFY_SECRET: 'verify-secret' });
const { handleWebhook } = await import('../../../../../lambdas/core/inbox/receive');
const { claimRoute } = await import('../../../../../lambdas/core/inbox/routes');
const { secretHashOf } = await import('../../../../../lambdas/core/inbox/verify');
const { conversationIdOf } = await import('../../../../../lambdas/core/inbox/ids');

const NOW = new Date('2026-05-04T10:00:00.000Z');
let serial = 0;
/** A page id no other test claims. */
const newPage = () => `2000${Date.now()}${(serial += 1)}`;

const request = (network: string, rawBody: string, headers: Record<string, string> = {}, extra: { method?: string; routeKey?: string; query?: string } = {}) =>
  handleWebhook(
    { method: extra.method ?? 'POST', network, ...(extra.routeKey ? { routeKey: extra.routeKey } : {}), query: new URLSearchParams(extra.query ?? ''), headers, rawBody: Buffer.from(rawBody) },
    NOW,
  );
const signed = (raw: string, secret: string) => ({ 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` });
const dmBody = (page: string, mid: string, text = 'Hola', object = 'page') =>
  JSON.stringify({ object, entry: [{ id: page, time: NOW.getTime(), messaging: [{ sender: { id: '7001' }, recipient: { id: page }, timestamp: NOW.getTime(), message: { mid, text } }] }] });
const threadOf = (uid: string, network: 'facebook' | 'instagram' | 'telegram', accountId: string, customerId = '7001') =>
  env.raw.query(`user#${uid}`, `convmsg#${conversationIdOf({ network, kind: 'dm', accountId, customerId })}#`);

beforeEach(() => env.lambda.resetHistory());

describe('GET: Meta’s verification handshake', () => {
  const verify = (query: string, network = 'facebook') => request(network, '', {}, { method: 'GET', query });
  it('answers the challenge as text when the verify token matches', async () => {
    const answer = await verify('hub.mode=subscribe&hub.verify_token=token-de-verificacion&hub.challenge=1158201444');
    expect(answer).toEqual({ status: 200, body: '1158201444', contentType: 'text/plain; charset=utf-8' });
  });
  it('refuses a wrong token, another mode or no challenge with 403', async () => {
    expect((await verify('hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1')).status).toBe(403);
    expect((await verify('hub.mode=unsubscribe&hub.verify_token=token-de-verificacion&hub.challenge=1')).status).toBe(403);
    expect((await verify('hub.mode=subscribe&hub.verify_token=token-de-verificacion')).status).toBe(403);
  });
  it('404 for an unknown network, 405 for a method a route does not serve', async () => {
    expect((await verify('hub.mode=subscribe', 'x')).status).toBe(404);
    expect((await request('telegram', '', {}, { method: 'GET', routeKey: 'abc' })).status).toBe(405);
    expect((await request('facebook', '', {}, { method: 'PUT' })).status).toBe(405);
  });
});

describe('POST Meta', () => {
  it('stores a signed DM for the brand that claims the page, invokes the worker once, and a replay stores nothing more', async () => {
    const uid = uniqueSub();
    const page = newPage();
    await claimRoute(uid, { network: 'facebook', accountId: page, accountName: 'Página', sandbox: true }, NOW);
    const raw = dmBody(page, 'm_replay');
    expect(await request('facebook', raw, signed(raw, 'fb-secret'))).toMatchObject({ status: 200, body: 'EVENT_RECEIVED' });
    expect(await request('facebook', raw, signed(raw, 'fb-secret'))).toMatchObject({ status: 200, body: 'EVENT_RECEIVED' });
    expect(await threadOf(uid, 'facebook', page)).toHaveLength(1);
    const calls = env.invocations();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.event).toMatchObject({ uid, conversationId: conversationIdOf({ network: 'facebook', kind: 'dm', accountId: page, customerId: '7001' }) });
  });

  it('401 and nothing stored for a wrong secret, a missing signature, an altered body or another network’s secret', async () => {
    const uid = uniqueSub();
    const page = newPage();
    await claimRoute(uid, { network: 'facebook', accountId: page, sandbox: true }, NOW);
    const raw = dmBody(page, 'm_bad');
    expect((await request('facebook', raw, signed(raw, 'otro-secreto'))).status).toBe(401);
    expect((await request('facebook', raw)).status).toBe(401);
    expect((await request('facebook', raw.replace('Hola', 'Adiós'), signed(raw, 'fb-secret'))).status).toBe(401);
    expect((await request('facebook', raw, signed(raw, 'ig-secret'))).status).toBe(401);
    expect(await threadOf(uid, 'facebook', page)).toEqual([]);
    expect(env.invocations()).toEqual([]);
  });

  it('Instagram bodies are checked with the Instagram app’s secret', async () => {
    const uid = uniqueSub();
    const account = newPage();
    await claimRoute(uid, { network: 'instagram', accountId: account, sandbox: true }, NOW);
    const raw = dmBody(account, 'aWdf1', 'hola ig', 'instagram');
    expect((await request('instagram', raw, signed(raw, 'ig-secret'))).status).toBe(200);
    expect(await threadOf(uid, 'instagram', account)).toHaveLength(1);
  });

  it('when two brands claim a page the newest claim gets the message; an unclaimed page is acknowledged and dropped', async () => {
    const [older, newer] = [uniqueSub(), uniqueSub()];
    const page = newPage();
    await claimRoute(older, { network: 'facebook', accountId: page, sandbox: true }, new Date(NOW.getTime() - 60_000));
    await claimRoute(newer, { network: 'facebook', accountId: page, sandbox: true }, NOW);
    const raw = dmBody(page, 'm_two');
    expect((await request('facebook', raw, signed(raw, 'fb-secret'))).status).toBe(200);
    expect(await threadOf(newer, 'facebook', page)).toHaveLength(1);
    expect(await threadOf(older, 'facebook', page)).toEqual([]);
    // A page whose id starts like a claimed one is not that page.
    const unclaimed = dmBody(`${page}9`, 'm_none');
    expect(await request('facebook', unclaimed, signed(unclaimed, 'fb-secret'))).toMatchObject({ status: 200, body: 'EVENT_RECEIVED' });
    expect(await threadOf(newer, 'facebook', `${page}9`)).toEqual([]);
    expect(env.invocations()).toHaveLength(1);
  });

  it('a verified body that is not JSON is 400; one of another shape is acknowledged', async () => {
    expect((await request('facebook', '{oops', signed('{oops', 'fb-secret'))).status).toBe(400);
    const other = JSON.stringify({ object: 'user', entry: [] });
    expect((await request('facebook', other, signed(other, 'fb-secret'))).status).toBe(200);
  });
});

describe('POST Telegram', () => {
  const BOT = '7000000001';
  const update = (chat: Record<string, unknown>, messageId = 1) =>
    JSON.stringify({ update_id: 1, message: { message_id: messageId, from: { id: 6100, is_bot: false, first_name: 'Luis' }, chat, date: Math.floor(NOW.getTime() / 1000), text: 'hola' } });
  const privateChat = { id: 6100, type: 'private', first_name: 'Luis', username: 'luis' };

  it('stores a private message when the route key and the secret token match; 200 with an empty body', async () => {
    const uid = uniqueSub();
    const routeKey = `rk${Date.now()}a`;
    await claimRoute(uid, { network: 'telegram', accountId: routeKey, botId: BOT, secretHash: secretHashOf('secreto-bueno'), sandbox: true }, NOW);
    const answer = await request('telegram', update(privateChat), { 'x-telegram-bot-api-secret-token': 'secreto-bueno' }, { routeKey });
    expect(answer).toMatchObject({ status: 200, body: '' });
    const [stored] = await threadOf(uid, 'telegram', BOT, '6100');
    expect(stored).toMatchObject({ externalId: '6100:1', text: 'hola', role: 'visitor' });
    expect(env.invocations()).toHaveLength(1);
  });

  it('401 for a wrong or missing secret token, or an unknown route key; groups are acknowledged and ignored', async () => {
    const uid = uniqueSub();
    const routeKey = `rk${Date.now()}b`;
    await claimRoute(uid, { network: 'telegram', accountId: routeKey, botId: BOT, secretHash: secretHashOf('secreto-bueno'), sandbox: true }, NOW);
    expect((await request('telegram', update(privateChat, 2), { 'x-telegram-bot-api-secret-token': 'otro' }, { routeKey })).status).toBe(401);
    expect((await request('telegram', update(privateChat, 2), {}, { routeKey })).status).toBe(401);
    expect((await request('telegram', update(privateChat, 2), { 'x-telegram-bot-api-secret-token': 'secreto-bueno' }, { routeKey: 'desconocida' })).status).toBe(401);
    expect((await request('telegram', update({ id: -100, type: 'group', title: 'G' }, 3), { 'x-telegram-bot-api-secret-token': 'secreto-bueno' }, { routeKey })).status).toBe(200);
    expect(await env.raw.query(`user#${uid}`, 'convmsg#')).toEqual([]);
    expect(env.invocations()).toEqual([]);
  });
});
