/**
 * Redes Sociales against the twin and its "Red de pruebas" (issue 12 "Done when", integration):
 * the deployed bundles, their IAM and the network apps secret the twin writes, talking to the
 * sandbox only through that configuration. The consent is given as a browser would (consent page →
 * Autorizar → redirect to the public callback route), without a browser (the e2e test has one).
 *
 * - the OAuth state: tampered, replayed, expired, of another network and of another user are all
 *   refused, and a refusal changes nothing (the rightful owner still completes);
 * - PKCE: a verifier that does not match the challenge is refused by the network;
 * - a code is exchanged at most once;
 * - tokens are sealed in the table, and neither responses nor the functions' logs contain one;
 * - the refresh job (the twin's schedule timer) renews a token before it expires, and a grant
 *   revoked at the network puts the card in "Reconecta";
 * - two concurrent refreshes of a rotating token (core's `freshAccessToken`, as publishing calls it,
 *   racing the twin's job) leave one valid refresh token (issue 13);
 * - Telegram: a bot that is not an administrator of the channel gets a Spanish refusal;
 * - choosing targets, disconnecting (revoked at the network), reconnecting without duplicates.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OAUTH_STATE_TTL_SECONDS, SOCIAL_MSG, SOCIAL_NETWORKS, type OAuthNetwork, type SocialConnection } from '@director-ia/shared';
import { buildKeyring, openSecret, sealSecret } from '../../lambdas/platform/secrets';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { useTwinDomainEnv } from '../support/twin-env';
import { TWIN_SOCIAL_APPS_SECRET } from '../../infra/local/twin';
import { connectNetwork, consent as consentAt, eventually, SANDBOX_BOT_TOKEN, sandboxHook as sandboxHookAt, sandboxRequests as sandboxRequestsAt } from '../support/social';

const twin = inject('twin');
const sandboxUrl = () => twin.sandboxUrl ?? '';

let owner: TestUser;
let other: TestUser;
/** Every callable answer of this file, to check that none carries a token. */
const answers: unknown[] = [];

const keyring = () => buildKeyring({ kind: 'kms', keyArn: twin.kmsKeyArn ?? '' });

async function ok<T>(name: string, data: unknown, user: TestUser): Promise<T> {
  const result = await callOk<T>(twin, name, data, user.accessToken);
  answers.push(result);
  return result;
}

async function refused(name: string, data: unknown, user: TestUser) {
  const result = await call(twin, name, data, user.accessToken);
  answers.push(result.body);
  return result;
}

const cards = async (user: TestUser) => (await ok<{ networks: SocialConnection[] }>('listarRedes', null, user)).networks;
const cardOf = async (user: TestUser, network: string) => (await cards(user)).find((c) => c.network === network);

/** The consent as a browser gives it (test/support/social.ts), recording the answers. */
const consent = (user: TestUser, network: OAuthNetwork, decision: 'approve' | 'cancel' = 'approve') => consentAt(twin, user, network, decision, (answer) => answers.push(answer));
/** Connects `network` for `user` end to end; the completarOAuth answer. */
const connect = (user: TestUser, network: OAuthNetwork) => connectNetwork(twin, user, network, (answer) => answers.push(answer));

const rawConnection = (user: TestUser, network: string) => rawTable(twin).get(`user#${user.sub}`, `social#${network}`);

async function openToken(user: TestUser, network: string, kind: 'access' | 'refresh'): Promise<string> {
  const item = await rawConnection(user, network);
  return openSecret(String(item?.[`${kind}TokenSealed`]), { tenant: user.sub, field: `social:${network}:${kind}` }, keyring());
}

const sandboxHook = (name: string, body: unknown) => sandboxHookAt(twin, name, body);
const sandboxRequests = (network: string) => sandboxRequestsAt(twin, network);

beforeAll(async () => {
  useTwinDomainEnv(twin);
  const admin = await signInAdmin(twin);
  [owner, other] = await Promise.all([registerUser(twin, 'redes-owner'), registerUser(twin, 'redes-other')]);
  for (const user of [owner, other]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
});

describe('listarRedes', () => {
  it('answers the eight cards, every network available in the twin and labelled as the sandbox', async () => {
    const list = await cards(owner);
    expect(list.map((c) => c.network)).toEqual([...SOCIAL_NETWORKS]);
    for (const card of list) expect(card).toMatchObject({ available: true, sandbox: true, state: 'desconectada', account: null, targets: [] });
  });
});

describe('initiateOAuth and the callback route', () => {
  it('gives the network’s consent URL with a state, PKCE S256 and the twin’s callback as redirect URI', async () => {
    const { authUrl } = await ok<{ authUrl: string }>('initiateOAuth', { platform: 'facebook' }, owner);
    const url = new URL(authUrl);
    expect(url.origin).toBe(sandboxUrl());
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/oauth\/callback\/facebook$/);
    expect(url.searchParams.get('scope')).toBe('pages_show_list,pages_manage_posts,pages_read_engagement,pages_messaging,pages_manage_metadata,pages_manage_engagement,ads_management');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('the callback page hands code and state to the dashboard origin only, under a strict CSP, and stores nothing', async () => {
    const before = await rawTable(twin).query(`user#${owner.sub}`, 'social#');
    const { callback, callbackHtml, state, code } = await consent(owner, 'linkedin');
    expect(callback.status).toBe(200);
    expect(callback.headers.get('content-type')).toMatch(/^text\/html/);
    expect(callback.headers.get('cache-control')).toContain('no-store');
    expect(callback.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[^']+'/);
    expect(callbackHtml).toContain(state);
    expect(callbackHtml).toContain(code ?? 'missing');
    expect(await rawTable(twin).query(`user#${owner.sub}`, 'social#')).toEqual(before);
  });

  it('answers 404 for a platform that is not an OAuth network', async () => {
    const response = await fetch(`${twin.url}/oauth/callback/telegram?code=a&state=b`);
    expect(response.status).toBe(404);
  });
});

describe('completarOAuth: the state', () => {
  it('refuses a tampered state and changes nothing', async () => {
    const { state, code } = await consent(owner, 'x');
    const result = await refused('completarOAuth', { platform: 'x', state: `${state.slice(0, -2)}zz`, code }, owner);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.stateInvalid } });
    expect(await rawConnection(owner, 'x')).toBeUndefined();
  });

  it('refuses another user’s state without using it up; its owner still completes', async () => {
    const { state, code } = await consent(owner, 'youtube');
    const stolen = await refused('completarOAuth', { platform: 'youtube', state, code }, other);
    expect(stolen.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.stateInvalid } });
    expect(await rawConnection(other, 'youtube')).toBeUndefined();
    const done = await ok<{ connection: SocialConnection; found: number }>('completarOAuth', { platform: 'youtube', state, code }, owner);
    expect(done.connection).toMatchObject({ network: 'youtube', state: 'conectada', account: { name: 'Canal de pruebas' } });
  });

  it('refuses a replayed state (single use)', async () => {
    const { state, code } = await consent(owner, 'tiktok');
    await ok('completarOAuth', { platform: 'tiktok', state, code }, owner);
    const replay = await refused('completarOAuth', { platform: 'tiktok', state, code }, owner);
    expect(replay.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.stateInvalid } });
  });

  it('refuses a state of another network', async () => {
    const { state, code } = await consent(owner, 'pinterest');
    const wrong = await refused('completarOAuth', { platform: 'linkedin', state, code }, owner);
    expect(wrong.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.stateInvalid } });
  });

  it('refuses an expired state', async () => {
    const { state, code } = await consent(other, 'pinterest');
    // The state item is keyed by the state's hash; age it past its 10 minutes.
    const pk = `oauthState#${createHash('sha256').update(state).digest('base64url')}`;
    const stored = await rawTable(twin).get(pk, 'oauthState');
    expect(stored).toBeDefined();
    const past = Date.now() - (OAUTH_STATE_TTL_SECONDS + 1) * 1000;
    await rawTable(twin).set(pk, 'oauthState', { expiresAtMs: past });
    const expired = await refused('completarOAuth', { platform: 'pinterest', state, code }, other);
    expect(expired.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.stateInvalid } });
    expect(await rawConnection(other, 'pinterest')).toBeUndefined();
  });
});

describe('completarOAuth: the code and PKCE', () => {
  it('refuses a verifier that does not match the challenge (the network checks it)', async () => {
    const { state, code } = await consent(other, 'x');
    const hash = createHash('sha256').update(state).digest('base64url');
    const pk = `oauthState#${hash}`;
    const stored = await rawTable(twin).get(pk, 'oauthState');
    expect(stored?.verifierSealed).toBeTruthy();
    // Another verifier, sealed exactly as the server seals this state's: it opens, but the network's challenge was not made from it.
    const otherVerifier = randomBytes(32).toString('base64url');
    await rawTable(twin).set(pk, 'oauthState', { verifierSealed: await sealSecret(otherVerifier, { tenant: other.sub, field: `oauth:${hash}:verifier` }, keyring()) });
    const result = await refused('completarOAuth', { platform: 'x', state, code }, other);
    expect(result.status).toBe(400);
    expect((result.body as { error: { message: string } }).error.message).toBe(SOCIAL_MSG.connectError('x', SOCIAL_MSG.codeRefused));
    expect(await rawConnection(other, 'x')).toBeUndefined();
  });

  it('exchanges a code at most once, even with a fresh state', async () => {
    const first = await consent(other, 'linkedin');
    await ok('completarOAuth', { platform: 'linkedin', state: first.state, code: first.code }, other);
    const second = await consent(other, 'linkedin');
    const reuse = await refused('completarOAuth', { platform: 'linkedin', state: second.state, code: first.code }, other);
    expect(reuse.status).toBe(400);
    expect((reuse.body as { error: { message: string } }).error.message).toBe(SOCIAL_MSG.connectError('linkedin', SOCIAL_MSG.codeRefused));
  });
});

describe('connecting Facebook', () => {
  let connected: { connection: SocialConnection; found: number };

  beforeAll(async () => {
    connected = await connect(owner, 'facebook');
  });

  it('finds the pages, all selected, with the account', () => {
    expect(connected.found).toBe(2);
    expect(connected.connection).toMatchObject({ network: 'facebook', state: 'conectada', sandbox: true, account: { name: 'Usuario de pruebas' }, expiresAt: null });
    expect(connected.connection.targets.map((t) => [t.name, t.kind, t.selected])).toEqual([
      ['Página de pruebas', 'page', true],
      ['Segunda página de pruebas', 'page', true],
    ]);
  });

  it('keeps every token sealed: the user token and each page token open only for this tenant', async () => {
    const item = await rawConnection(owner, 'facebook');
    const userToken = await openToken(owner, 'facebook', 'access');
    expect(userToken.length).toBeGreaterThan(16);
    const raw = JSON.stringify(item);
    expect(raw).not.toContain(userToken);
    const targets = item?.targets as { id: string; tokenSealed?: string }[];
    for (const target of targets) {
      const pageToken = await openSecret(String(target.tokenSealed), { tenant: owner.sub, field: `social:facebook:target:${target.id}` }, keyring());
      expect(raw).not.toContain(pageToken);
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(pageToken);
    }
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(userToken);
  });

  it('the functions’ logs never contain a token', async () => {
    const userToken = await openToken(owner, 'facebook', 'access');
    const logDir = path.join(twin.stateDir, 'logs');
    const logs = readdirSync(logDir).map((file) => readFileSync(path.join(logDir, file), 'utf8')).join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(userToken);
  });

  it('elegirDestinos keeps the chosen pages; an id of no target is refused and changes nothing', async () => {
    const [first] = connected.connection.targets;
    const chosen = await ok<{ connection: SocialConnection }>('elegirDestinos', { platform: 'facebook', targetIds: [first?.id] }, owner);
    expect(chosen.connection.targets.map((t) => t.selected)).toEqual([true, false]);
    const bad = await refused('elegirDestinos', { platform: 'facebook', targetIds: ['no-such-page'] }, owner);
    expect(bad.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.unknownTarget } });
    expect((await cardOf(owner, 'facebook'))?.targets.map((t) => t.selected)).toEqual([true, false]);
  });

  it('reconnecting the same account updates the connection instead of duplicating it, keeping the choice', async () => {
    const again = await connect(owner, 'facebook');
    expect(again.found).toBe(2);
    expect(await rawTable(twin).query(`user#${owner.sub}`, 'social#facebook')).toHaveLength(1);
    expect(again.connection.targets.map((t) => t.selected)).toEqual([true, false]);
  });

  it('desconectarRed revokes at the network, then clears the tokens and the pages', async () => {
    const { connection } = await ok<{ connection: SocialConnection }>('desconectarRed', { platform: 'facebook' }, owner);
    expect(connection).toMatchObject({ network: 'facebook', state: 'desconectada', account: null, targets: [] });
    const item = await rawConnection(owner, 'facebook');
    expect(item?.accessTokenSealed).toBeUndefined();
    expect(item?.targets ?? []).toEqual([]);
    expect((await sandboxRequests('facebook')).some((r) => r.method === 'DELETE')).toBe(true);
    expect((await cardOf(owner, 'facebook'))?.state).toBe('desconectada');
  });
});

describe('the refresh job (the twin’s schedule timer)', () => {
  it('renews a token before it expires; a revoked grant then gives "Reconecta"', async () => {
    // Tokens issued from now on live 10 minutes: inside the job's look-ahead, so due at once.
    await sandboxHook('lifetime', { network: 'x', seconds: 600 });
    try {
      await connect(owner, 'x');
      const firstAccess = await openToken(owner, 'x', 'access');
      const firstRefresh = await openToken(owner, 'x', 'refresh');
      // X rotates refresh tokens: the job stores the new pair, never an empty one.
      await eventually(async () => ((await openToken(owner, 'x', 'access')) !== firstAccess ? true : undefined));
      const renewedRefresh = await openToken(owner, 'x', 'refresh');
      expect(renewedRefresh).not.toBe(firstRefresh);
      expect((await cardOf(owner, 'x'))?.state).toBe('conectada');

      await sandboxHook('revoke', { network: 'x' });
      const card = await eventually(async () => {
        const current = await cardOf(owner, 'x');
        return current?.state === 'reconectar' ? current : undefined;
      });
      expect(card.reconnectReason).toBe(SOCIAL_MSG.accessRevoked('x'));
    } finally {
      await sandboxHook('lifetime', { network: 'x', seconds: null });
    }
  });
});

describe('two concurrent refreshes of a rotating token (issue 13)', () => {
  it('leave one valid refresh token: every caller gets a renewed access token, and the stored refresh token still works', async () => {
    // Tokens issued from now on live 2 minutes: inside the 5-minute margin, so every caller wants to refresh (the twin's job too).
    await sandboxHook('lifetime', { network: 'x', seconds: 120 });
    try {
      await connect(other, 'x');
      const before = await openToken(other, 'x', 'access');
      // The core module as the publisher will call it, in this process: the twin's table, KMS, secret and sandbox.
      Object.assign(process.env, {
        SOCIAL_APPS_SECRET: TWIN_SOCIAL_APPS_SECRET,
        AWS_ENDPOINT_URL_SECRETS_MANAGER: twin.awsEndpoint,
        OUTBOUND_ALLOWED_ORIGINS: new URL(sandboxUrl()).host,
      });
      const { freshAccessToken } = await import('../../lambdas/core/social/refresh');
      const tokens = await Promise.all([1, 2, 3, 4].map(() => freshAccessToken(other.sub, 'x')));
      // Each caller has a renewed token: its own refresh, or the holder's when the lease was taken
      // (the twin's job keeps renewing a 2-minute token, so they need not all be the same one).
      for (const token of tokens) expect(token).not.toBe(before);
      // X rotates refresh tokens: had two callers used the same one, the second would have been refused and the card would ask to reconnect.
      expect((await cardOf(other, 'x'))?.state).toBe('conectada');
      const later = await freshAccessToken(other.sub, 'x', new Date(Date.now() + 10 * 60_000));
      expect(tokens).not.toContain(later);
      expect((await cardOf(other, 'x'))?.state).toBe('conectada');
    } finally {
      await sandboxHook('lifetime', { network: 'x', seconds: null });
    }
  });
});

describe('conectarTelegram', () => {
  const botToken = SANDBOX_BOT_TOKEN;

  it('refuses a bot that is not an administrator of the channel, in Spanish, storing nothing', async () => {
    const result = await refused('conectarTelegram', { botToken, channel: '@canal_sin_permiso' }, owner);
    expect(result.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: SOCIAL_MSG.telegramNotAdmin } });
    expect(await rawConnection(owner, 'telegram')).toBeUndefined();
  });

  it('connects a bot that may post in the channel; the bot token is sealed', async () => {
    const { connection, found } = await ok<{ connection: SocialConnection; found: number }>('conectarTelegram', { botToken, channel: '@canal_pruebas' }, owner);
    expect(found).toBe(1);
    expect(connection).toMatchObject({ network: 'telegram', state: 'conectada', targets: [{ kind: 'channel', selected: true }] });
    expect(JSON.stringify(await rawConnection(owner, 'telegram'))).not.toContain(botToken);
    expect(await openToken(owner, 'telegram', 'access')).toBe(botToken);
  });
});
