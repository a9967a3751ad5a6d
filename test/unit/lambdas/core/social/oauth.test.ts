/**
 * Connecting an OAuth network (issue 12 flow steps 2 and 6) against DynamoDB Local with real
 * sealing and a fake network (./fake-networks.ts): the state is single-use, bound to the caller
 * and the network and expires; the PKCE verifier reaches the exchange; tokens are stored only
 * sealed; reconnecting updates the one item and never stores an empty refresh token over a
 * stored one; network failures become the Spanish domain errors and store nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_STATE_TTL_SECONDS, SOCIAL_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { fakeNetworks } from './fake-networks';
import { SITE, useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { completeOAuth, startOAuth, stateHashOf } = await import('../../../../../lambdas/core/social/oauth');
const { openSecret } = await import('../../../../../lambdas/platform/secrets');
const { InvalidInputError, UnavailableError, UnsupportedError } = await import('../../../../../lambdas/platform/errors');
const { NetworkError } = await import('../../../../../lambdas/platform/social/types');

beforeEach(() => fakeNetworks.reset());

const connectionItem = (sub: string, network: string) => raw.get(`user#${sub}`, `social#${network}`);
const stateItem = (state: string) => raw.get(`oauthState#${stateHashOf(state)}`, 'oauthState');
/** The reference an account deletion finds the state by, in the owner's partition. */
const stateRef = (sub: string, state: string) => raw.get(`user#${sub}`, `oauthref#${stateHashOf(state)}`);

/** Starts connecting and approves at the fake consent page as `accountId`. */
async function consent(sub: string, network: 'x' | 'facebook' | 'linkedin' | 'youtube', accountId = sub, now = new Date()) {
  const authUrl = await startOAuth(sub, network, now);
  return { authUrl, ...fakeNetworks.consent(authUrl, accountId) };
}

describe('startOAuth', () => {
  it('stores only the hash of a random state, bound to the caller and network, for 10 minutes, with the sealed PKCE verifier', async () => {
    const sub = uniqueSub();
    const now = new Date();
    const { authUrl, state } = await consent(sub, 'x', sub, now);
    const url = new URL(authUrl);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/oauth/callback/x`);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    const item = await stateItem(state);
    expect(item).toMatchObject({ uid: sub, network: 'x', redirectUri: `${SITE}/oauth/callback/x`, expiresAtMs: now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000 });
    expect(item?.expiresAt).toBe(Math.ceil((now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000) / 1000));
    expect(JSON.stringify(item)).not.toContain(state);
    expect(typeof item?.verifierSealed).toBe('string');
    // A reference in the owner's own partition, with the state's TTL, for an account deletion.
    expect(await stateRef(sub, state)).toMatchObject({ uid: sub, stateHash: stateHashOf(state), expiresAt: item?.expiresAt });
    // Two starts never share a state.
    expect((await consent(sub, 'x')).state).not.toBe(state);
  });

  it('does not store a verifier for a network without PKCE', async () => {
    const { state } = await consent(uniqueSub(), 'linkedin');
    expect((await stateItem(state))?.verifierSealed).toBeUndefined();
  });

  it('refuses a network the installation has no app for, storing nothing', async () => {
    delete fakeNetworks.apps.tiktok;
    await expect(startOAuth(uniqueSub(), 'tiktok')).rejects.toEqual(new UnsupportedError(SOCIAL_MSG.unavailable));
  });
});

describe('completeOAuth and the state', () => {
  it('connects with the PKCE verifier, seals every token and answers the card with the number of targets', async () => {
    const sub = uniqueSub();
    const { code, state } = await consent(sub, 'facebook');
    const result = await completeOAuth(sub, { platform: 'facebook', state, code });
    expect(result.found).toBe(2);
    expect(result.connection).toMatchObject({ network: 'facebook', state: 'conectada', available: true, sandbox: true, expiresAt: null, reconnectReason: null });
    expect(result.connection.account).toEqual({ id: sub, name: 'Cuenta de pruebas', pictureUrl: 'https://red-de-pruebas.test/avatar.png' });
    expect(result.connection.targets.map((t) => [t.name, t.selected])).toEqual([
      ['Página de pruebas', true],
      ['Segunda página de pruebas', true],
    ]);
    const exchange = fakeNetworks.calls.exchange[0];
    expect(exchange?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is gone, and its reference with it.
    expect(await stateItem(state)).toBeUndefined();
    expect(await stateRef(sub, state)).toBeUndefined();

    const item = await connectionItem(sub, 'facebook');
    const text = JSON.stringify(item);
    for (const plaintext of [`.${sub}.`, `page-token-1-${sub}`, `page-token-2-${sub}`]) expect(text).not.toContain(plaintext);
    // The long-lived user token (from readAccount) is the one kept; page tokens open for their own target only.
    await expect(openSecret(item?.accessTokenSealed as string, { tenant: sub, field: 'social:facebook:access' })).resolves.toMatch(/^at\.facebook\./);
    const [page1] = item?.targets as { id: string; tokenSealed: string }[];
    await expect(openSecret(page1?.tokenSealed as string, { tenant: sub, field: `social:facebook:target:${page1?.id}` })).resolves.toBe(`page-token-1-${sub}`);
    await expect(openSecret(page1?.tokenSealed as string, { tenant: uniqueSub(), field: `social:facebook:target:${page1?.id}` })).rejects.toThrow();
    // Page tokens do not expire: nothing for the refresh job.
    expect(item?.gsi1sk).toBeUndefined();
  });

  it("refuses another user's state without consuming it", async () => {
    const [owner, intruder] = [uniqueSub(), uniqueSub()];
    const { code, state } = await consent(owner, 'x');
    await expect(completeOAuth(intruder, { platform: 'x', state, code })).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.stateInvalid));
    expect(fakeNetworks.calls.exchange).toHaveLength(0);
    expect(await connectionItem(intruder, 'x')).toBeUndefined();
    expect(await stateItem(state)).toBeDefined();
    expect(await stateRef(owner, state)).toBeDefined();
    await expect(completeOAuth(owner, { platform: 'x', state, code })).resolves.toMatchObject({ found: 1 });
  });

  it('refuses a replayed state: the code is exchanged once', async () => {
    const sub = uniqueSub();
    const { code, state } = await consent(sub, 'x');
    await completeOAuth(sub, { platform: 'x', state, code });
    await expect(completeOAuth(sub, { platform: 'x', state, code })).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.stateInvalid));
    expect(fakeNetworks.calls.exchange).toHaveLength(1);
  });

  it('refuses an expired state, and a state of another network (not consumed)', async () => {
    const sub = uniqueSub();
    const started = new Date();
    const late = await consent(sub, 'x', sub, started);
    const afterTtl = new Date(started.getTime() + OAUTH_STATE_TTL_SECONDS * 1000 + 1);
    await expect(completeOAuth(sub, { platform: 'x', state: late.state, code: late.code }, afterTtl)).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.stateInvalid));

    const other = await consent(sub, 'x');
    await expect(completeOAuth(sub, { platform: 'linkedin', state: other.state, code: other.code })).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.stateInvalid));
    await expect(completeOAuth(sub, { platform: 'x', state: 'tampered', code: other.code })).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.stateInvalid));
    expect(fakeNetworks.calls.exchange).toHaveLength(0);
    await expect(completeOAuth(sub, { platform: 'x', state: other.state, code: other.code })).resolves.toMatchObject({ found: 1 });
  });

  it('stores an expiring token with its refresh time in GSI1 and the refresh token sealed', async () => {
    const sub = uniqueSub();
    const now = new Date();
    fakeNetworks.clock = () => now.getTime();
    const { code, state } = await consent(sub, 'x', sub, now);
    const { connection } = await completeOAuth(sub, { platform: 'x', state, code }, now);
    const item = await connectionItem(sub, 'x');
    const expiresAt = Date.parse(connection.expiresAt as string);
    expect(expiresAt).toBe(now.getTime() + 2 * 3_600_000);
    // Two hours: refreshed 12 minutes (10 %) before it expires.
    expect(item).toMatchObject({ gsi1pk: 'socialRefresh', gsi1sk: `${new Date(expiresAt - 12 * 60_000).toISOString()}#${sub}#x` });
    await expect(openSecret(item?.refreshTokenSealed as string, { tenant: sub, field: 'social:x:refresh' })).resolves.toMatch(/^rt\.x\./);
  });
});

describe('reconnecting', () => {
  it('updates the one item, keeps the owner’s choice of targets, and never stores an empty refresh token over the stored one', async () => {
    const sub = uniqueSub();
    const first = await consent(sub, 'x');
    await completeOAuth(sub, { platform: 'x', state: first.state, code: first.code });
    const stored = await connectionItem(sub, 'x');
    const firstRefresh = await openSecret(stored?.refreshTokenSealed as string, { tenant: sub, field: 'social:x:refresh' });
    await raw.set(`user#${sub}`, 'social#x', { targets: [{ ...(stored?.targets as object[])[0], selected: false }] });

    fakeNetworks.exchangeWithoutRefreshToken = true;
    const again = await consent(sub, 'x');
    const { connection } = await completeOAuth(sub, { platform: 'x', state: again.state, code: again.code });
    expect(connection.targets.map((t) => t.selected)).toEqual([false]);
    expect(await raw.query(`user#${sub}`, 'social#')).toHaveLength(1);
    const updated = await connectionItem(sub, 'x');
    expect(updated?.accessTokenSealed).not.toBe(stored?.accessTokenSealed);
    await expect(openSecret(updated?.refreshTokenSealed as string, { tenant: sub, field: 'social:x:refresh' })).resolves.toBe(firstRefresh);
  });

  it('does not carry a refresh token over to another account', async () => {
    const sub = uniqueSub();
    const first = await consent(sub, 'x');
    await completeOAuth(sub, { platform: 'x', state: first.state, code: first.code });
    fakeNetworks.exchangeWithoutRefreshToken = true;
    const other = await consent(sub, 'x', uniqueSub());
    const { connection } = await completeOAuth(sub, { platform: 'x', state: other.state, code: other.code });
    expect(connection.account?.id).not.toBe(sub);
    expect((await connectionItem(sub, 'x'))?.refreshTokenSealed).toBeUndefined();
  });
});

describe('network failures', () => {
  it.each([
    ['exchange', 'invalid_grant', new InvalidInputError(SOCIAL_MSG.connectError('x', SOCIAL_MSG.codeRefused))],
    ['exchange', 'unavailable', new UnavailableError(SOCIAL_MSG.connectError('x', SOCIAL_MSG.networkUnreachable))],
    ['read', 'denied', new UnavailableError(SOCIAL_MSG.pagesError('x'))],
    ['read', 'unavailable', new UnavailableError(SOCIAL_MSG.connectError('x', SOCIAL_MSG.networkUnreachable))],
  ] as const)('%s %s → %s, nothing stored', async (operation, kind, expected) => {
    const sub = uniqueSub();
    const { code, state } = await consent(sub, 'x');
    fakeNetworks.failNext.set(operation, new NetworkError('x', kind, 'refused'));
    const error = await completeOAuth(sub, { platform: 'x', state, code }).catch((e: unknown) => e);
    expect(error).toEqual(expected);
    expect((error as Error).constructor).toBe(expected.constructor);
    expect(await connectionItem(sub, 'x')).toBeUndefined();
  });

  it('refuses a code exchanged with a verifier that does not match (PKCE)', async () => {
    const sub = uniqueSub();
    const { code, state } = await consent(sub, 'x');
    const grant = fakeNetworks.codes.get(code);
    if (grant) grant.challenge = 'not-the-challenge';
    await expect(completeOAuth(sub, { platform: 'x', state, code })).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.connectError('x', SOCIAL_MSG.codeRefused)));
  });
});
