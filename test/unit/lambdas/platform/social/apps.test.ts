/**
 * loadNetworkApps (lambdas/platform/social/apps.ts) with Secrets Manager mocked at the SDK client:
 * the secret named by SOCIAL_APPS_SECRET read once, `urls`/`sandbox` merged over the defaults,
 * Instagram falling back to the facebook entry, Telegram always present, malformed entries
 * ignored with a log line that names fields only, and no env / an unreadable secret leaving every
 * OAuth network unavailable without the secret's contents in any log.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clearCaches } from '@aws-lambda-powertools/parameters';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { logger } from '../../../../../lambdas/platform/logger';
import { loadNetworkApps, networkAppsFromJson, SOCIAL_APPS_SECRET_ENV } from '../../../../../lambdas/platform/social/apps';
import { defaultUrls } from '../../../../../lambdas/platform/social/networks';
import { useEnv } from '../../../../support/env';

const secrets = mockClient(SecretsManagerClient);
useEnv({ AWS_REGION: 'eu-west-1' });
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:social-apps-AbCdEf';
const ENV = { [SOCIAL_APPS_SECRET_ENV]: SECRET_ARN };
const SANDBOX = 'http://127.0.0.1:9010';

let warn: MockInstance<typeof logger.warn>;
beforeEach(() => {
  warn = vi.spyOn(logger, 'warn');
});
afterEach(() => {
  secrets.reset();
  clearCaches();
  vi.restoreAllMocks();
});

const withSecret = (value: unknown) => secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: typeof value === 'string' ? value : JSON.stringify(value) });
const TELEGRAM_DEFAULT = { network: 'telegram', clientId: '', clientSecret: '', urls: defaultUrls('telegram'), sandbox: false };
/** Everything logged so far, as one string. */
const logged = () => JSON.stringify(warn.mock.calls);

describe('loadNetworkApps', () => {
  it('merges each entry over the defaults: urls and sandbox override, a network needs a client id and secret', async () => {
    withSecret({
      facebook: {
        clientId: 'fb-id',
        clientSecret: 'fb-secret',
        sandbox: true,
        urls: { authorize: `${SANDBOX}/facebook/oauth/authorize`, token: `${SANDBOX}/facebook/oauth/token`, api: `${SANDBOX}/facebook/api` },
      },
      x: { clientId: 'x-id', clientSecret: 'x-secret' },
      pinterest: { clientId: 'pin-id', clientSecret: 'pin-secret', urls: { revoke: null } },
      linkedin: { clientId: 'li-id' },
      telegram: { sandbox: true, urls: { api: `${SANDBOX}/telegram/api` } },
      mastodon: { clientId: 'm', clientSecret: 'm' },
    });
    const apps = await loadNetworkApps(ENV);
    expect(Object.keys(apps).sort()).toEqual(['facebook', 'instagram', 'pinterest', 'telegram', 'x']);
    expect(apps.facebook).toEqual({
      network: 'facebook',
      clientId: 'fb-id',
      clientSecret: 'fb-secret',
      sandbox: true,
      urls: {
        authorize: `${SANDBOX}/facebook/oauth/authorize`,
        token: `${SANDBOX}/facebook/oauth/token`,
        revoke: 'https://graph.facebook.com/v25.0/me/permissions',
        api: `${SANDBOX}/facebook/api`,
      },
    });
    expect(apps.x).toEqual({ network: 'x', clientId: 'x-id', clientSecret: 'x-secret', sandbox: false, urls: defaultUrls('x') });
    expect(apps.pinterest?.urls.revoke).toBeNull();
    expect(apps.telegram).toEqual({ ...TELEGRAM_DEFAULT, sandbox: true, urls: { ...defaultUrls('telegram'), api: `${SANDBOX}/telegram/api` } });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('Instagram uses the facebook entry (the same Meta app) unless it has its own', async () => {
    withSecret({ facebook: { clientId: 'fb-id', clientSecret: 'fb-secret', sandbox: true, urls: { api: `${SANDBOX}/facebook/api` } } });
    const apps = await loadNetworkApps(ENV);
    expect(apps.instagram).toEqual({ ...apps.facebook, network: 'instagram' });

    clearCaches();
    secrets.reset();
    withSecret({ facebook: { clientId: 'fb-id', clientSecret: 'fb-secret' }, instagram: { clientId: 'ig-id', clientSecret: 'ig-secret', urls: { api: `${SANDBOX}/instagram/api` } } });
    const own = await loadNetworkApps(ENV);
    expect(own.instagram).toMatchObject({ network: 'instagram', clientId: 'ig-id', clientSecret: 'ig-secret', urls: { api: `${SANDBOX}/instagram/api` } });
  });

  it('ignores a malformed entry with a log line naming its fields, never their values', async () => {
    withSecret({
      facebook: { clientId: 'fb-id', clientSecret: 'fb-secret' },
      x: { clientId: 12345, clientSecret: 'x-secret-value' },
      youtube: { clientId: 'yt-id', clientSecret: 'yt-secret-value', urls: { api: 'file:///etc/passwd' } },
      tiktok: 'tt-secret-value',
      telegram: { urls: { api: 'javascript:alert(1)' } },
    });
    const apps = await loadNetworkApps(ENV);
    expect(Object.keys(apps).sort()).toEqual(['facebook', 'instagram', 'telegram']);
    expect(apps.telegram).toEqual(TELEGRAM_DEFAULT);
    expect(warn.mock.calls).toEqual(
      expect.arrayContaining([
        ['social apps: malformed entry ignored', { network: 'x', fields: ['clientId'] }],
        ['social apps: malformed entry ignored', { network: 'youtube', fields: ['urls.api'] }],
        ['social apps: malformed entry ignored', { network: 'tiktok', fields: ['(entry)'] }],
        ['social apps: malformed entry ignored', { network: 'telegram', fields: ['urls.api'] }],
      ]),
    );
    expect(logged()).not.toMatch(/secret-value|passwd|12345/);
  });

  it('without SOCIAL_APPS_SECRET: no OAuth network, Telegram only, and no call to Secrets Manager', async () => {
    await expect(loadNetworkApps({})).resolves.toEqual({ telegram: TELEGRAM_DEFAULT });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it.each<[string, () => void]>([
    ['a secret that cannot be read', () => secrets.on(GetSecretValueCommand).rejects(Object.assign(new Error('AccessDeniedException: not allowed'), { name: 'AccessDeniedException' }))],
    ['a secret that is not JSON', () => withSecret('{"facebook": {"clientSecret": "half-a-secret-value"')],
    ['a secret that is a JSON array', () => withSecret(['x-secret-value'])],
  ])('%s: no OAuth network, Telegram only, logged without the contents', async (_case, arrange) => {
    arrange();
    await expect(loadNetworkApps(ENV)).resolves.toEqual({ telegram: TELEGRAM_DEFAULT });
    expect(warn).toHaveBeenCalled();
    expect(logged()).not.toMatch(/secret-value/);
  });
});

describe('networkAppsFromJson', () => {
  it("YouTube's upload URL: the default, overridden by the entry's urls.upload, refused when not http(s)", () => {
    const upload = (urls?: Record<string, string>) => networkAppsFromJson({ youtube: { clientId: 'a', clientSecret: 'b', ...(urls ? { urls } : {}) } }).youtube?.urls.upload;
    expect(upload()).toBe('https://www.googleapis.com/upload/youtube/v3');
    expect(upload({ upload: `${SANDBOX}/youtube/upload` })).toBe(`${SANDBOX}/youtube/upload`);
    expect(upload({ upload: 'file:///etc/passwd' })).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('social apps: malformed entry ignored', { network: 'youtube', fields: ['urls.upload'] });
  });


  it('an app the network audited says so (`audited`, issue 13); absent or false: not audited', () => {
    const apps = networkAppsFromJson({ tiktok: { clientId: 'a', clientSecret: 'b', audited: true }, youtube: { clientId: 'a', clientSecret: 'b' }, x: { clientId: 'a', clientSecret: 'b', audited: false } });
    expect(apps.tiktok?.audited).toBe(true);
    expect(apps.youtube?.audited).toBeUndefined();
    expect(apps.x?.audited).toBeUndefined();
  });

  it('is the same merge without Secrets Manager (for checking a configuration such as the sandbox one)', () => {
    expect(networkAppsFromJson({ x: { clientId: 'a', clientSecret: 'b', sandbox: true } }).x).toEqual({
      network: 'x',
      clientId: 'a',
      clientSecret: 'b',
      sandbox: true,
      urls: defaultUrls('x'),
    });
  });
});
