/**
 * The inbox's side of connections (lambdas/core/social/inbox.ts, issue 14) against DynamoDB Local
 * with the fake adapters: route items follow the selected Facebook pages through connect,
 * elegirDestinos and disconnect, each selected page subscribes the app with its own token, and
 * Telegram gets a route (secret stored only as its hash) and its webhook set and deleted.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub } from '../../../../support/domain-env';
import { fakeNetworks } from './fake-networks';
import { connectNetwork, SITE, useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { chooseTargets } = await import('../../../../../lambdas/core/social/targets');
const { disconnect } = await import('../../../../../lambdas/core/social/disconnect');
const { connectTelegram } = await import('../../../../../lambdas/core/social/telegram');
const { resolveRoute } = await import('../../../../../lambdas/core/inbox/routes');
const { NetworkError } = await import('../../../../../lambdas/platform/social/types');

beforeEach(() => fakeNetworks.reset());

const routes = async (sub: string, network: string) => (await raw.query(`user#${sub}`, `inboxroute#${network}#`)).map((item) => item.accountId);

describe('Facebook pages', () => {
  it('connecting routes every selected page and subscribes each with its page token', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    expect((await routes(sub, 'facebook')).sort()).toEqual([`p1-${sub}`, `p2-${sub}`]);
    expect(fakeNetworks.calls.webhooks.filter((call) => call.call === 'subscribePage').map((call) => [call.target, call.token]).sort()).toEqual([
      [`p1-${sub}`, `page-token-1-${sub}`],
      [`p2-${sub}`, `page-token-2-${sub}`],
    ]);
    const route = await resolveRoute('facebook', `p1-${sub}`);
    expect(route).toMatchObject({ uid: sub, network: 'facebook', accountId: `p1-${sub}`, accountName: 'Página de pruebas', sandbox: true });
  });

  it('elegirDestinos keeps routes for exactly the selected pages; disconnect removes them all', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    fakeNetworks.calls.webhooks.length = 0;
    await chooseTargets(sub, 'facebook', [`p2-${sub}`]);
    expect(await routes(sub, 'facebook')).toEqual([`p2-${sub}`]);
    expect(await resolveRoute('facebook', `p1-${sub}`)).toBeNull();
    expect(fakeNetworks.calls.webhooks.map((call) => call.target)).toEqual([`p2-${sub}`]);
    await chooseTargets(sub, 'facebook', []);
    expect(await routes(sub, 'facebook')).toEqual([]);
    await chooseTargets(sub, 'facebook', [`p1-${sub}`]);
    await disconnect(sub, 'facebook');
    expect(await routes(sub, 'facebook')).toEqual([]);
  });

  it('a page subscription refused by the network is logged and the connection stands', async () => {
    const sub = uniqueSub();
    fakeNetworks.failNext.set('subscribe', new NetworkError('facebook', 'denied', '(#200) Permissions error'));
    const { connection } = await connectNetwork(sub, 'facebook');
    expect(connection.state).toBe('conectada');
    expect(fakeNetworks.failNext.has('subscribe')).toBe(false);
    expect(fakeNetworks.calls.webhooks).toHaveLength(2);
    expect((await routes(sub, 'facebook')).length).toBe(2);
  });
});

describe('Telegram', () => {
  const BOT_TOKEN = '123456789:AAHk5bZ0sandboxSecretPart_abcdefghijk';

  it('connecting routes a random key to the bot with the secret’s hash and sets the webhook there; reconnecting replaces the route; disconnect deletes both', async () => {
    const sub = uniqueSub();
    await connectTelegram(sub, { botToken: BOT_TOKEN, channel: '@canal_pruebas' });
    const [first] = await raw.query(`user#${sub}`, 'inboxroute#telegram#');
    const routeKey = first?.accountId as string;
    expect(routeKey).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(first).toMatchObject({ botId: '123456789', accountName: 'Bot de pruebas', secretHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const set = fakeNetworks.calls.webhooks.find((call) => call.call === 'setWebhook');
    expect(set).toMatchObject({ network: 'telegram', token: BOT_TOKEN, url: `${SITE}/webhooks/telegram/${routeKey}` });
    await connectTelegram(sub, { botToken: BOT_TOKEN, channel: '@canal_pruebas' });
    const again = await routes(sub, 'telegram');
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(routeKey);
    await disconnect(sub, 'telegram');
    expect(await routes(sub, 'telegram')).toEqual([]);
    expect(fakeNetworks.calls.webhooks.at(-1)).toMatchObject({ call: 'deleteWebhook', token: BOT_TOKEN });
    // The hash is of a secret that is stored nowhere.
    expect(JSON.stringify(first)).not.toContain(createHash('sha256').update(BOT_TOKEN).digest('hex'));
  });
});
