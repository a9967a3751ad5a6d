/**
 * Desconectar (spec 4; issue 12 item 3) against DynamoDB Local: the tokens are revoked at the
 * network with their plaintext, then everything is cleared (tokens, targets, account, GSI1 entry)
 * and the card is `desconectada`; a failed revocation is not shown and still disconnects.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub } from '../../../../support/domain-env';
import { fakeNetworks } from './fake-networks';
import { connectNetwork, useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { disconnect } = await import('../../../../../lambdas/core/social/disconnect');
const { listNetworks } = await import('../../../../../lambdas/core/social/view');
const { openSecret } = await import('../../../../../lambdas/platform/secrets');
const { NetworkError } = await import('../../../../../lambdas/platform/social/types');

beforeEach(() => fakeNetworks.reset());

const DISCONNECTED = { state: 'desconectada', account: null, targets: [], connectedAt: null, expiresAt: null, reconnectReason: null };

describe('disconnect', () => {
  it('revokes the tokens, then clears tokens, targets, account and the GSI1 entry', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'x');
    const stored = await raw.get(`user#${sub}`, 'social#x');
    const [accessToken, refreshToken] = await Promise.all([
      openSecret(stored?.accessTokenSealed as string, { tenant: sub, field: 'social:x:access' }),
      openSecret(stored?.refreshTokenSealed as string, { tenant: sub, field: 'social:x:refresh' }),
    ]);
    const card = await disconnect(sub, 'x');
    expect(card).toMatchObject({ network: 'x', ...DISCONNECTED });
    expect(fakeNetworks.calls.revoke).toEqual([{ network: 'x', accessToken, refreshToken, accountId: sub }]);
    const item = await raw.get(`user#${sub}`, 'social#x');
    expect(item).toMatchObject({ state: 'desconectada', targets: [] });
    for (const gone of ['accessTokenSealed', 'refreshTokenSealed', 'accountId', 'accountName', 'expiresAt', 'connectedAt', 'gsi1pk', 'gsi1sk']) expect(item?.[gone]).toBeUndefined();
    // A reload shows the same.
    expect((await listNetworks(sub)).find((c) => c.network === 'x')).toMatchObject(DISCONNECTED);
  });

  it('disconnects even when the network refuses the revocation', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    fakeNetworks.failNext.set('revoke', new NetworkError('facebook', 'unavailable', 'timeout'));
    await expect(disconnect(sub, 'facebook')).resolves.toMatchObject(DISCONNECTED);
    expect(fakeNetworks.calls.revoke).toHaveLength(1);
    expect((await raw.get(`user#${sub}`, 'social#facebook'))?.accessTokenSealed).toBeUndefined();
  });

  it('answers the disconnected card for a network never connected, calling nothing', async () => {
    await expect(disconnect(uniqueSub(), 'tiktok')).resolves.toMatchObject({ network: 'tiktok', ...DISCONNECTED });
    expect(fakeNetworks.calls.revoke).toHaveLength(0);
  });
});
