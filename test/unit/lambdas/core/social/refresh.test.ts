/**
 * Keeping tokens alive (issue 12 item 3) against DynamoDB Local (a table of this file's own, so
 * the job sees only these connections) with real sealing and a fake network whose refresh tokens
 * rotate: one refresh per account even when runs and on-demand refreshes overlap (the lease), a
 * refresh without a refresh token keeps the stored one, a revoked refresh token or an expired
 * token that cannot be renewed gives `reconectar` with the Spanish reason and leaves GSI1, a
 * network that does not answer is tried again, and a second run finds nothing due.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { fakeNetworks } from './fake-networks';
import { connectNetwork, useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { freshAccessToken, runTokenRefresh, targetAccessToken, LEASE_MS } = await import('../../../../../lambdas/core/social/refresh');
const { listNetworks } = await import('../../../../../lambdas/core/social/view');
const { openSecret } = await import('../../../../../lambdas/platform/secrets');
const { UnavailableError } = await import('../../../../../lambdas/platform/errors');
const { NetworkError } = await import('../../../../../lambdas/platform/social/types');

beforeEach(() => fakeNetworks.reset());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (base: Date, ms: number) => new Date(base.getTime() + ms);
const itemOf = (sub: string, network: string) => raw.get(`user#${sub}`, `social#${network}`);
const open = (sealed: unknown, sub: string, field: string) => openSecret(sealed as string, { tenant: sub, field });

/** Connects X at `t0` (a two-hour token) and answers the time at which the job will pick it up. */
async function connectX(sub: string, t0 = new Date()) {
  await connectNetwork(sub, 'x', t0);
  return { t0, due: later(t0, 2 * HOUR - 25 * MINUTE) };
}

describe('the refresh job', () => {
  it('refreshes a due connection once and moves it to its next refresh time; a second run finds nothing due', async () => {
    const sub = uniqueSub();
    const { due } = await connectX(sub);
    const before = await itemOf(sub, 'x');
    fakeNetworks.clock = () => due.getTime();
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    expect(fakeNetworks.refreshCallsOf(sub)[0]?.refreshToken).toBe(await open(before?.refreshTokenSealed, sub, 'social:x:refresh'));
    const after = await itemOf(sub, 'x');
    expect(after).toMatchObject({ state: 'conectada', expiresAt: later(due, 2 * HOUR).toISOString(), gsi1sk: `${later(due, 2 * HOUR - 12 * MINUTE).toISOString()}#${sub}#x` });
    expect(after?.leaseId).toBeUndefined();
    expect(after?.leaseUntil).toBeUndefined();
    // The rotated refresh token is the one the network now accepts; tokens stay sealed.
    expect(fakeNetworks.liveRefreshTokens.has(await open(after?.refreshTokenSealed, sub, 'social:x:refresh'))).toBe(true);
    expect(JSON.stringify(after)).not.toContain(`.${sub}.`);

    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    expect((await itemOf(sub, 'x'))?.accessTokenSealed).toBe(after?.accessTokenSealed);
  });

  it('holds one lease per account: two overlapping runs send a rotating refresh token once', async () => {
    const sub = uniqueSub();
    const { due } = await connectX(sub);
    fakeNetworks.clock = () => due.getTime();
    await Promise.all([runTokenRefresh(due), runTokenRefresh(due), runTokenRefresh(due)]);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    const item = await itemOf(sub, 'x');
    expect(item?.state).toBe('conectada');
    expect(fakeNetworks.liveRefreshTokens.has(await open(item?.refreshTokenSealed, sub, 'social:x:refresh'))).toBe(true);
  });

  it('leaves a connection alone while another holder’s lease is live, and takes over a lapsed one', async () => {
    const sub = uniqueSub();
    const { due } = await connectX(sub);
    // Leases are wall-clock time, whatever instant the caller reasons about (`due`).
    await raw.set(`user#${sub}`, 'social#x', { leaseUntil: Date.now() + LEASE_MS, leaseId: 'another-holder' });
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(0);
    await raw.set(`user#${sub}`, 'social#x', { leaseUntil: Date.now() - 1 });
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    expect((await itemOf(sub, 'x'))?.leaseId).toBeUndefined();
  });

  it('keeps the stored refresh token when the refresh answer has none (YouTube)', async () => {
    const sub = uniqueSub();
    const t0 = new Date();
    await connectNetwork(sub, 'youtube', t0);
    const stored = await open((await itemOf(sub, 'youtube'))?.refreshTokenSealed, sub, 'social:youtube:refresh');
    const due = later(t0, 2 * HOUR - 25 * MINUTE);
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    const item = await itemOf(sub, 'youtube');
    expect(item?.state).toBe('conectada');
    await expect(open(item?.refreshTokenSealed, sub, 'social:youtube:refresh')).resolves.toBe(stored);
    expect(item?.gsi1sk).toBeDefined();
  });

  it('puts a connection whose refresh token was revoked in reconectar with the Spanish reason, out of GSI1', async () => {
    const sub = uniqueSub();
    const { due } = await connectX(sub);
    fakeNetworks.liveRefreshTokens.clear();
    await runTokenRefresh(due);
    const item = await itemOf(sub, 'x');
    expect(item).toMatchObject({ state: 'reconectar', reconnectReason: SOCIAL_MSG.accessRevoked('x') });
    for (const gone of ['gsi1sk', 'refreshTokenSealed', 'leaseId', 'leaseUntil']) expect(item?.[gone]).toBeUndefined();
    const card = (await listNetworks(sub, due)).find((c) => c.network === 'x');
    expect(card).toMatchObject({ state: 'reconectar', reconnectReason: SOCIAL_MSG.accessRevoked('x') });
    expect(card?.account?.id).toBe(sub);
    await expect(freshAccessToken(sub, 'x', due)).rejects.toEqual(new UnavailableError(SOCIAL_MSG.accessRevoked('x')));
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
  });

  it('marks an expired token that cannot be renewed (LinkedIn without refresh token) only once it has expired', async () => {
    const sub = uniqueSub();
    const t0 = new Date();
    await connectNetwork(sub, 'linkedin', t0);
    const expiresAt = later(t0, 60 * 24 * HOUR);
    const before = await itemOf(sub, 'linkedin');
    expect(before?.gsi1sk).toBe(`${expiresAt.toISOString()}#${sub}#linkedin`);
    await runTokenRefresh(later(expiresAt, -10 * MINUTE));
    expect(await itemOf(sub, 'linkedin')).toEqual(before);
    await runTokenRefresh(later(expiresAt, 1));
    const item = await itemOf(sub, 'linkedin');
    expect(item).toMatchObject({ state: 'reconectar', reconnectReason: SOCIAL_MSG.accessExpired('linkedin') });
    expect(item?.gsi1sk).toBeUndefined();
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(0);
  });

  it.each([
    ['does not answer', new NetworkError('x', 'unavailable', 'timeout')],
    ['throttles the refresh (429)', new NetworkError('x', 'rate_limited', 'Too Many Requests', { status: 429 })],
  ])('releases the lease and tries again on the next run when the network %s', async (_label, failure) => {
    const sub = uniqueSub();
    const { due } = await connectX(sub);
    const before = await itemOf(sub, 'x');
    fakeNetworks.failNext.set('refresh', failure);
    const result = await runTokenRefresh(due);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(await itemOf(sub, 'x')).toEqual(before);
    await runTokenRefresh(due);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(2);
    expect((await itemOf(sub, 'x'))?.accessTokenSealed).not.toBe(before?.accessTokenSealed);
  });
});

describe('freshAccessToken', () => {
  it('answers the stored token while it is fresh, without asking the network', async () => {
    const sub = uniqueSub();
    const { t0 } = await connectX(sub);
    const token = await freshAccessToken(sub, 'x', later(t0, HOUR));
    expect(token).toBe(await open((await itemOf(sub, 'x'))?.accessTokenSealed, sub, 'social:x:access'));
    expect(fakeNetworks.calls.refresh).toHaveLength(0);
  });

  it('refreshes on demand within 5 minutes of expiry under the same lease as the job: one refresh, one token for all', async () => {
    const sub = uniqueSub();
    const { t0 } = await connectX(sub);
    const soon = later(t0, 2 * HOUR - 4 * MINUTE);
    const [a, b] = await Promise.all([freshAccessToken(sub, 'x', soon), freshAccessToken(sub, 'x', soon), runTokenRefresh(soon)]);
    expect(fakeNetworks.refreshCallsOf(sub)).toHaveLength(1);
    const stored = await open((await itemOf(sub, 'x'))?.accessTokenSealed, sub, 'social:x:access');
    expect([a, b]).toEqual([stored, stored]);
  });

  it('answers a target’s own token (a Facebook page) and refuses what is not connected', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    await expect(targetAccessToken(sub, 'facebook', `p2-${sub}`)).resolves.toBe(`page-token-2-${sub}`);
    await expect(freshAccessToken(sub, 'pinterest')).rejects.toThrow(SOCIAL_MSG.notConnected('pinterest'));
  });
});
