/**
 * The inbox's connect-time calls against the twin's "Red de pruebas" in-process (issue 14):
 * conectarTelegram sets the bot's webhook at `<SITE_URL>/webhooks/telegram/<routeKey>` with a
 * secret token (only its hash is stored on the route), and desconectarRed deletes it; selecting a Facebook page
 * and an Instagram account subscribes their pages to the app (Page Subscribed Apps).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NetworkApps } from '../../../../../../lambdas/platform/social/types';
import { uniqueSub } from '../../../../../support/domain-env';
import { BOT_TOKEN, callApi, startTestSandbox, TARGET, type TestSandbox } from '../../../../infra/local/social-sandbox/support';
import { pageToken } from '../../../../infra/local/social-sandbox/inboxSupport';
import { SITE, useSocialEnv } from '../support';

const apps: { value: NetworkApps } = { value: {} };
vi.mock('../../../../../../lambdas/platform/social/apps', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  loadNetworkApps: async () => apps.value,
}));

const { raw } = await useSocialEnv();
const { connectTelegram } = await import('../../../../../../lambdas/core/social/telegram');
const { disconnect } = await import('../../../../../../lambdas/core/social/disconnect');
const { chooseTargets } = await import('../../../../../../lambdas/core/social/targets');
const { saveConnection } = await import('../../../../../../lambdas/core/social/store');

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  const { networkAppsFromJson } = await import('../../../../../../lambdas/platform/social/apps');
  apps.value = networkAppsFromJson(t.sandbox.apps());
  process.env.OUTBOUND_ALLOWED_ORIGINS = new URL(t.sandbox.url).host;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOWED_ORIGINS;
  await t?.close();
});

const webhookInfo = async () => (await (await fetch(`${t.sandbox.apps().telegram.urls.api}/bot${BOT_TOKEN}/getWebhookInfo`)).json()) as { result: { url: string; allowed_updates?: string[] } };

describe('Telegram webhook', () => {
  it('is set at connect with the route key and a secret whose hash the route keeps, and deleted at disconnect', async () => {
    const sub = uniqueSub();
    await connectTelegram(sub, { botToken: BOT_TOKEN, channel: '@canal_pruebas' });
    const [route] = await raw.query(`user#${sub}`, 'inboxroute#telegram#');
    const info = await webhookInfo();
    expect(info.result.url).toBe(`${SITE}/webhooks/telegram/${route?.accountId as string}`);
    expect(info.result.allowed_updates).toEqual(['message']);
    const set = t.sandbox.requests('telegram').filter((record) => record.path.endsWith('/setWebhook')).at(-1);
    expect(set?.status).toBe(200);
    // The secret token went to Telegram (masked in the record) and only its hash is stored.
    expect(set?.body).toMatchObject({ secret_token: '***' });
    expect(route?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    await disconnect(sub, 'telegram');
    expect((await webhookInfo()).result.url).toBe('');
    expect(await raw.query(`user#${sub}`, 'inboxroute#')).toEqual([]);
  });
});

describe('Meta page subscriptions', () => {
  it('selecting a Facebook page and an Instagram account subscribes their pages to the app', async () => {
    const sub = uniqueSub();
    const now = new Date();
    const tokens = { facebook: await pageToken(t.sandbox, 'facebook'), instagram: await pageToken(t.sandbox, 'instagram') };
    await saveConnection(sub, 'facebook', { account: { id: 'u1', name: 'U', pictureUrl: null }, targets: [{ id: TARGET.facebook, name: 'Página', kind: 'page', pictureUrl: null, accessToken: tokens.facebook }], tokens: { accessToken: 'x' }, sandbox: true }, now);
    await saveConnection(sub, 'instagram', { account: { id: 'u1', name: 'U', pictureUrl: null }, targets: [{ id: TARGET.instagram, name: '@marca', kind: 'instagram', pictureUrl: null, accessToken: tokens.instagram }], tokens: { accessToken: 'x' }, sandbox: true }, now);
    await chooseTargets(sub, 'facebook', [TARGET.facebook]);
    await chooseTargets(sub, 'instagram', [TARGET.instagram]);
    expect((await callApi(t.sandbox, 'facebook', `/${TARGET.facebook}/subscribed_apps`, tokens.facebook)).body.data[0].subscribed_fields).toEqual(['messages', 'feed']);
    expect((await callApi(t.sandbox, 'instagram', '/me/subscribed_apps', tokens.instagram)).body.data[0].subscribed_fields).toEqual(['messages']);
    expect((await raw.query(`user#${sub}`, 'inboxroute#')).map((item) => item.sk).sort()).toEqual([`inboxroute#facebook#${TARGET.facebook}`, `inboxroute#instagram#${TARGET.instagram}`]);
  });
});
