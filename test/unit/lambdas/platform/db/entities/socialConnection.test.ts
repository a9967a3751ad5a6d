/**
 * The SocialConnection entity's GSI1 (issue 12): only a connection with a `refreshKey` is in the
 * `socialRefresh` partition, keyed `<refreshAt>#<sub>#<network>`; removing the key takes it out;
 * one item per tenant and network.
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { rawTableAt } from '../../../../../support/raw-table';

const db = await useDomainEnv();
const { refreshKeyOf, socialConnections } = await import('../../../../../../lambdas/platform/db/entities/socialConnection');
const raw = rawTableAt(db.endpoint, db.table);

const connection = (uid: string, extra: Record<string, unknown> = {}) => ({
  uid,
  network: 'x' as const,
  state: 'conectada' as const,
  targets: [{ id: 't1', name: 'Cuenta', kind: 'profile' as const, selected: true }],
  sandbox: false,
  updatedAt: new Date().toISOString(),
  ...extra,
});

describe('SocialConnection', () => {
  it('is in GSI1 exactly while it has a refresh key', async () => {
    const sub = uniqueSub();
    const refreshAt = new Date('2031-01-01T10:00:00.000Z');
    const key = refreshKeyOf(refreshAt, sub, 'x');
    expect(key).toBe(`2031-01-01T10:00:00.000Z#${sub}#x`);
    await socialConnections().put(connection(sub, { refreshKey: key })).go();
    expect(await raw.get(`user#${sub}`, 'social#x')).toMatchObject({ gsi1pk: 'socialRefresh', gsi1sk: key });
    const due = async () => (await socialConnections().query.due({ refreshKey: key }).go()).data;
    expect((await due()).map((c) => c.uid)).toEqual([sub]);

    await socialConnections().patch({ uid: sub, network: 'x' }).remove(['refreshKey']).go();
    expect((await raw.get(`user#${sub}`, 'social#x'))?.gsi1sk).toBeUndefined();
    expect(await due()).toEqual([]);

    // A put without a refresh key (reconnect, disconnect) replaces the item: no GSI1 keys at all.
    await socialConnections().put(connection(sub)).go();
    const item = await raw.get(`user#${sub}`, 'social#x');
    expect(item?.gsi1pk).toBeUndefined();
    expect(await raw.query(`user#${sub}`, 'social#')).toHaveLength(1);
  });
});
