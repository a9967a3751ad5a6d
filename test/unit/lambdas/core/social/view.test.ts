/**
 * The browser's cards (`listarRedes`, issue 12): always the eight networks in order, availability
 * and the sandbox label from the installation's network apps, a connection whose token expired
 * without a refresh token shown as `reconectar`, and never a token or a sealed value.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, SOCIAL_MSG, SOCIAL_NETWORKS, SocialConnectionSchema } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { appOf, fakeNetworks } from './fake-networks';
import { connectNetwork, useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

await useSocialEnv();
const { listNetworks } = await import('../../../../../lambdas/core/social/view');

beforeEach(() => fakeNetworks.reset());

describe('listNetworks', () => {
  it('says that TikTok and YouTube publish privately until their app is audited (issue 13), and nothing for the others', async () => {
    fakeNetworks.apps = { telegram: appOf('telegram'), tiktok: appOf('tiktok'), youtube: { ...appOf('youtube'), audited: true } };
    const notes = Object.fromEntries((await listNetworks(uniqueSub())).map((card) => [card.network, card.publishingNote]));
    expect(notes).toMatchObject({ tiktok: PUBLICATION_MSG.privateOnly.tiktok, youtube: null, x: null, telegram: null });
  });

  it('answers the eight cards, available only where the installation has an app, with its sandbox flag', async () => {
    fakeNetworks.apps = { telegram: appOf('telegram', false), x: appOf('x', true) };
    const cards = await listNetworks(uniqueSub());
    expect(cards.map((c) => c.network)).toEqual([...SOCIAL_NETWORKS]);
    for (const card of cards) expect(SocialConnectionSchema.safeParse(card).success).toBe(true);
    expect(cards.filter((c) => c.available).map((c) => [c.network, c.sandbox])).toEqual([
      ['x', true],
      ['telegram', false],
    ]);
    expect(cards.every((c) => c.state === 'desconectada' && c.targets.length === 0)).toBe(true);
  });

  it('shows a connection whose token expired without a refresh token as reconectar, and no token', async () => {
    const sub = uniqueSub();
    const t0 = new Date();
    const { connection } = await connectNetwork(sub, 'linkedin', t0);
    const after = new Date(Date.parse(connection.expiresAt as string) + 1);
    const cards = await listNetworks(sub, after);
    expect(cards.find((c) => c.network === 'linkedin')).toMatchObject({
      state: 'reconectar',
      reconnectReason: SOCIAL_MSG.accessExpired('linkedin'),
      account: { id: sub },
      connectedAt: t0.toISOString(),
    });
    expect((await listNetworks(sub, t0)).find((c) => c.network === 'linkedin')?.state).toBe('conectada');
    expect(JSON.stringify(cards)).not.toMatch(/Sealed|at\.linkedin\./);
  });
});
