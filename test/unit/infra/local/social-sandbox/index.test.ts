/**
 * The sandbox server as the twin uses it: the network apps secret it exports, its avatars and
 * index page, the test hooks' validation, and unknown paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_NETWORKS } from '@director-ia/shared';
import { sandboxNetworkApps } from '../../../../../infra/local/social-sandbox';
import { hook, startTestSandbox, type TestSandbox } from './support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('social sandbox server', () => {
  it('listens on a free port of 127.0.0.1', () => {
    expect(t.sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('exports the network apps secret: every network, sandbox: true, the sandbox URLs', () => {
    const apps = t.sandbox.apps();
    for (const network of OAUTH_NETWORKS) {
      expect(apps[network]).toEqual({
        clientId: `sandbox-${network}`,
        clientSecret: expect.stringMatching(/^.{24,}$/),
        sandbox: true,
        urls: {
          authorize: `${t.sandbox.url}/${network}/oauth/authorize`,
          token: `${t.sandbox.url}/${network}/oauth/token`,
          api: `${t.sandbox.url}/${network}/api`,
          ...(network === 'pinterest' ? {} : { revoke: `${t.sandbox.url}/${network}/oauth/revoke` }),
          ...(network === 'youtube' ? { upload: `${t.sandbox.url}/youtube/upload` } : {}),
        },
      });
    }
    expect(apps.telegram).toEqual({ sandbox: true, urls: { api: `${t.sandbox.url}/telegram/api` } });
    const clients = Object.fromEntries(OAUTH_NETWORKS.map((network) => [network, { clientId: apps[network].clientId, clientSecret: apps[network].clientSecret }]));
    expect(sandboxNetworkApps(`${t.sandbox.url}/`, clients as Parameters<typeof sandboxNetworkApps>[1])).toEqual(apps);
  });

  it('serves an SVG avatar per network and says what it is at /', async () => {
    const avatar = await fetch(`${t.sandbox.url}/avatars/tiktok.svg`);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await fetch(`${t.sandbox.url}/avatars/myspace.svg`)).status).toBe(404);
    const index = await fetch(`${t.sandbox.url}/`);
    expect(await index.text()).toContain('Red de pruebas');
  });

  it('validates the hooks', async () => {
    expect((await hook(t.sandbox, 'lifetime', { network: 'telegram', seconds: 5 })).status).toBe(400);
    expect((await hook(t.sandbox, 'lifetime', { network: 'x', seconds: -1 })).status).toBe(400);
    expect((await hook(t.sandbox, 'lifetime', { network: 'x', seconds: 1.5 })).status).toBe(400);
    expect((await hook(t.sandbox, 'revoke', { network: 'myspace' })).status).toBe(400);
    expect((await hook(t.sandbox, 'revoke', { network: 'x' })).body).toEqual({ network: 'x', revoked: 0 });
    expect((await fetch(`${t.sandbox.url}/__sandbox/requests?network=myspace`)).status).toBe(400);
    expect((await fetch(`${t.sandbox.url}/__sandbox/nothing`)).status).toBe(404);
  });

  it('answers unknown networks and paths with 404 and records only network requests', async () => {
    const before = t.sandbox.requests().length;
    expect((await fetch(`${t.sandbox.url}/myspace/oauth/authorize`)).status).toBe(404);
    expect((await fetch(`${t.sandbox.url}/x/somewhere`)).status).toBe(404);
    expect((await fetch(`${t.sandbox.url}/telegram/oauth/authorize`)).status).toBe(404);
    const added = t.sandbox.requests().slice(before);
    expect(added.map((record) => `${record.network} ${record.path} ${record.status}`)).toEqual(['x /somewhere 404', 'telegram /oauth/authorize 404']);
  });

  it('refuses a body over 1 MB', async () => {
    const response = await fetch(`${t.sandbox.url}/x/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a='.padEnd(1024 * 1024 + 10, 'a') });
    expect(response.status).toBe(413);
  });
});
