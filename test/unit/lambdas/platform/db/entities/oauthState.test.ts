/**
 * The OAuthState entity (issue 12): keyed by the state's hash outside any tenant partition, with
 * the table's TTL attribute in epoch seconds beside the millisecond expiry the code checks.
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv } from '../../../../../support/domain-env';
import { rawTableAt } from '../../../../../support/raw-table';

const db = await useDomainEnv();
const { oauthStates } = await import('../../../../../../lambdas/platform/db/entities/oauthState');
const raw = rawTableAt(db.endpoint, db.table);

describe('OAuthState', () => {
  it('stores one item per state hash with its TTL, and refuses a second create of the same hash', async () => {
    const stateHash = `h-${Date.now()}`;
    const item = { stateHash, uid: 'u1', network: 'x' as const, redirectUri: 'https://panel.example.test/oauth/callback/x', createdAt: 'now', expiresAtMs: 1_900_000_000_123, expiresAt: 1_900_000_001 };
    await oauthStates().create(item).go();
    expect(await raw.get(`oauthState#${stateHash}`, 'oauthState')).toMatchObject({ uid: 'u1', network: 'x', expiresAt: 1_900_000_001, expiresAtMs: 1_900_000_000_123 });
    await expect(oauthStates().create(item).go()).rejects.toThrow();
  });
});
