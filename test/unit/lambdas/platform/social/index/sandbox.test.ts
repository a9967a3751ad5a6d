/**
 * The adapters against the twin's "Red de pruebas" (issue 12 items 5–6): the real adapters
 * (lambdas/platform/social), through the real outbound HTTP client, configured only by the secret
 * JSON the twin writes (`sandbox.apps()`), talk to the real sandbox (infra/local/social-sandbox).
 * Each network: consent URL → Autorizar → code exchange (PKCE where used) → account and targets →
 * refresh (rotation where the network rotates) → revoke; and the refusals the core relies on:
 * a code used twice, a PKCE verifier that does not match, a revoked grant's refresh token.
 * Telegram: a bot that is an administrator, a member, a group and an unknown channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_NETWORKS, type OAuthNetwork } from '@director-ia/shared';
import {
  authorizationUrl,
  checkTelegramBot,
  createPkce,
  exchangeCode,
  NetworkError,
  networkAppsFromJson,
  readAccount,
  refreshTokens,
  revokeTokens,
  TelegramRefusal,
  usesPkce,
  type NetworkApp,
  type NetworkApps,
  type TokenSet,
} from '../../../../../../lambdas/platform/social';
import { decide, hook, openConsent, REDIRECT, startTestSandbox, type TestSandbox } from '../../../../infra/local/social-sandbox/support';

let test: TestSandbox;
let apps: NetworkApps;

beforeAll(async () => {
  test = await startTestSandbox();
  // The outbound client refuses loopback addresses unless the deployment allows the origin (the twin does).
  process.env.OUTBOUND_ALLOWED_ORIGINS = new URL(test.sandbox.url).host;
  apps = networkAppsFromJson(test.sandbox.apps());
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOWED_ORIGINS;
  await test?.close();
});

const appOf = (network: OAuthNetwork | 'telegram'): NetworkApp => {
  const app = apps[network];
  if (!app) throw new Error(`no app for ${network}`);
  return app;
};

/** Opens the consent page of `authUrl` and presses Autorizar: the code and the state sent back. */
async function consent(network: OAuthNetwork, authUrl: string): Promise<{ code: string; state: string | null }> {
  const page = await openConsent(authUrl);
  expect(page.status).toBe(200);
  expect(page.html).toContain('Red de pruebas');
  const { location } = await decide(test.sandbox, network, page.requestId ?? '', 'approve');
  expect(location?.origin + (location?.pathname ?? '')).toBe(REDIRECT(network));
  return { code: location?.searchParams.get('code') ?? '', state: location?.searchParams.get('state') ?? null };
}

/** A whole connection as core/social makes it: the tokens and what readAccount found. */
async function connect(network: OAuthNetwork) {
  const app = appOf(network);
  const pkce = usesPkce(network) ? createPkce() : undefined;
  const authUrl = authorizationUrl(app, { state: `state-${network}`, redirectUri: REDIRECT(network), ...(pkce ? { pkce } : {}) });
  const { code, state } = await consent(network, authUrl);
  expect(state).toBe(`state-${network}`);
  const tokens = await exchangeCode(app, { code, redirectUri: REDIRECT(network), ...(pkce ? { codeVerifier: pkce.verifier } : {}) });
  const read = await readAccount(app, tokens);
  return { app, code, pkce, tokens: read.tokens ?? tokens, read };
}

/** What each sandbox account finds: the account name and the targets' kinds and names. */
const EXPECTED: Record<OAuthNetwork, { account: string; targets: [string, string][] }> = {
  facebook: { account: 'Usuario de pruebas', targets: [['page', 'Página de pruebas'], ['page', 'Segunda página de pruebas']] },
  instagram: { account: 'Usuario de pruebas', targets: [['instagram', 'marca_de_pruebas']] },
  x: { account: 'Cuenta de pruebas', targets: [['profile', 'Cuenta de pruebas']] },
  linkedin: { account: 'Cuenta de pruebas', targets: [['profile', 'Cuenta de pruebas']] },
  youtube: { account: 'Canal de pruebas', targets: [['channel', 'Canal de pruebas']] },
  tiktok: { account: 'Cuenta de pruebas', targets: [['profile', 'Cuenta de pruebas']] },
  pinterest: { account: 'cuenta_de_pruebas', targets: [['board', 'Tablero de pruebas'], ['board', 'Ideas de pruebas']] },
};

/** The networks that issue refresh tokens to our apps. */
const REFRESHING: readonly OAuthNetwork[] = ['x', 'youtube', 'tiktok', 'pinterest'];

describe.each(OAUTH_NETWORKS)('%s through the sandbox', (network) => {
  let connection: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    connection = await connect(network);
  });

  it('connects: the account, its targets and tokens as the network issued them', () => {
    const { read, tokens } = connection;
    expect(read.account.name).toBe(EXPECTED[network].account);
    expect(read.targets.map((t) => [t.kind, t.name])).toEqual(EXPECTED[network].targets);
    expect(tokens.accessToken).toMatch(/\S{16,}/);
    // Meta page tokens do not expire; every other network reports its access token's lifetime.
    if (network === 'facebook' || network === 'instagram') {
      expect(tokens.expiresAt).toBeUndefined();
      expect(read.targets.every((t) => typeof t.accessToken === 'string' && t.accessToken.length > 0)).toBe(true);
    } else {
      expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    }
    // LinkedIn gives refresh tokens only to partner apps; Meta has none.
    expect(Boolean(tokens.refreshToken)).toBe(!['facebook', 'instagram', 'linkedin'].includes(network));
  });

  it('refuses the same code a second time', async () => {
    const { app, code, pkce } = connection;
    const again = exchangeCode(app, { code, redirectUri: REDIRECT(network), ...(pkce ? { codeVerifier: pkce.verifier } : {}) });
    await expect(again).rejects.toMatchObject({ name: 'NetworkError', kind: 'invalid_grant' });
  });

  // Registered only where they apply (no skipped cases): PKCE networks, and networks that issue refresh tokens.
  if (usesPkce(network)) {
    it('refuses a code with a PKCE verifier that does not match', async () => {
      const app = appOf(network);
      const pkce = createPkce();
      const { code } = await consent(network, authorizationUrl(app, { state: 's', redirectUri: REDIRECT(network), pkce }));
      const wrong = exchangeCode(app, { code, redirectUri: REDIRECT(network), codeVerifier: createPkce().verifier });
      await expect(wrong).rejects.toMatchObject({ name: 'NetworkError', kind: 'invalid_grant' });
    });
  }

  if (REFRESHING.includes(network)) {
    it('refreshes; a rotating network refuses the old refresh token afterwards', async () => {
      const { app, tokens } = connection;
      const renewed: TokenSet = await refreshTokens(app, tokens.refreshToken ?? '');
      expect(renewed.accessToken).not.toBe(tokens.accessToken);
      expect(renewed.expiresAt).toBeGreaterThan(Date.now());
      if (network === 'youtube') {
        // Google keeps the refresh token: the answer has none, so the stored one stays.
        expect(renewed.refreshToken).toBeUndefined();
        await expect(refreshTokens(app, tokens.refreshToken ?? '')).resolves.toMatchObject({ accessToken: expect.any(String) });
      } else {
        expect(renewed.refreshToken).toBeTruthy();
        expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
        await expect(refreshTokens(app, tokens.refreshToken ?? '')).rejects.toMatchObject({ kind: 'invalid_grant' });
      }
      connection.tokens = { ...renewed, refreshToken: renewed.refreshToken ?? tokens.refreshToken };
    });
  }

  it('revokes where the network allows it; the revoked access no longer reads the account', async () => {
    const { app, tokens, read } = connection;
    await revokeTokens(app, { accessToken: tokens.accessToken, ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}), accountId: read.account.id });
    if (network === 'pinterest') {
      // No revocation API: the tokens stay valid at the network (the owner removes the app there).
      await expect(readAccount(app, tokens)).resolves.toBeTruthy();
    } else {
      await expect(readAccount(app, tokens)).rejects.toBeInstanceOf(NetworkError);
    }
  });
});

describe('a grant revoked at the network', () => {
  it('makes its refresh token invalid_grant (the core then asks to reconnect)', async () => {
    const { app, tokens } = await connect('x');
    await hook(test.sandbox, 'revoke', { network: 'x' });
    await expect(refreshTokens(app, tokens.refreshToken ?? '')).rejects.toMatchObject({ name: 'NetworkError', network: 'x', kind: 'invalid_grant' });
  });
});

describe('Telegram through the sandbox', () => {
  const token = `123456789:${'A'.repeat(35)}`;

  it('accepts a bot that is an administrator allowed to post in the channel', async () => {
    const { bot, channel } = await checkTelegramBot(appOf('telegram'), token, '@canal_pruebas');
    expect(bot.id).toBe('123456789');
    expect(channel).toMatchObject({ kind: 'channel', pictureUrl: null });
    expect(channel.name).toBeTruthy();
  });

  it.each([
    ['a bot that is only a member', token, '@canal_sin_permiso', 'notAdmin'],
    ['a group instead of a channel', token, '@grupo_pruebas', 'notChannel'],
    ['an unknown channel', token, '@canal_que_no_existe', 'chatNotFound'],
    ['a token Telegram does not know', `123456789:invalid${'B'.repeat(30)}`, '@canal_pruebas', 'token'],
  ])('refuses %s', async (_case, botToken, channel, reason) => {
    const refusal = checkTelegramBot(appOf('telegram'), botToken, channel);
    await expect(refusal).rejects.toBeInstanceOf(TelegramRefusal);
    await expect(refusal).rejects.toMatchObject({ reason });
  });
});
