/**
 * The plan's networks from the stored connections (issue 5 item 2, issue 12): the networks in
 * state `conectada`, in the plan order; the spec's sample set while none is connected.
 */
import { describe, expect, it } from 'vitest';
import type { ConnectionState, SocialNetwork } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { storeConnections } from '../../../../support/social-connections';

await useDomainEnv();
const { DEFAULT_PLAN_NETWORKS, planNetworks } = await import('../../../../../lambdas/core/plan/networks');

const store = (uid: string, network: SocialNetwork, state: ConnectionState) => storeConnections(uid, [network], state);

describe('planNetworks', () => {
  it('uses the connected networks only, in the plan order', async () => {
    const sub = uniqueSub();
    await Promise.all([store(sub, 'telegram', 'conectada'), store(sub, 'facebook', 'conectada'), store(sub, 'x', 'reconectar'), store(sub, 'instagram', 'desconectada')]);
    expect(await planNetworks(sub)).toEqual(['facebook', 'telegram']);
  });

  it('falls back to the sample set while nothing is connected', async () => {
    const sub = uniqueSub();
    expect(await planNetworks(sub)).toEqual(DEFAULT_PLAN_NETWORKS);
    await store(sub, 'x', 'desconectada');
    expect(await planNetworks(sub)).toEqual(DEFAULT_PLAN_NETWORKS);
  });
});
