/**
 * Choosing where the AI may publish (`elegirDestinos`, issue 12 flow step 7) against DynamoDB
 * Local: exactly the chosen targets end selected; an id that is not the connection's, or a
 * network that is not connected, is refused in Spanish and changes nothing.
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
const { chooseTargets } = await import('../../../../../lambdas/core/social/targets');
const { disconnect } = await import('../../../../../lambdas/core/social/disconnect');
const { InvalidInputError, NotFoundError } = await import('../../../../../lambdas/platform/errors');

beforeEach(() => fakeNetworks.reset());

describe('chooseTargets', () => {
  it('selects exactly the chosen targets, and none when the list is empty', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    // The answer needs only the table: the card comes from the stored connection, not from the network apps.
    fakeNetworks.apps = {};
    const card = await chooseTargets(sub, 'facebook', [`p2-${sub}`]);
    expect(card).toMatchObject({ network: 'facebook', state: 'conectada', available: true, sandbox: true });
    expect(card.targets.map((t) => [t.id, t.selected])).toEqual([
      [`p1-${sub}`, false],
      [`p2-${sub}`, true],
    ]);
    const stored = (await raw.get(`user#${sub}`, 'social#facebook'))?.targets as { selected: boolean; tokenSealed?: string }[];
    expect(stored.map((t) => t.selected)).toEqual([false, true]);
    // The targets keep their sealed tokens.
    expect(stored.every((t) => typeof t.tokenSealed === 'string')).toBe(true);
    expect((await chooseTargets(sub, 'facebook', [])).targets.every((t) => !t.selected)).toBe(true);
  });

  it('refuses an id that is not one of the connection’s targets and changes nothing', async () => {
    const sub = uniqueSub();
    await connectNetwork(sub, 'facebook');
    const before = await raw.get(`user#${sub}`, 'social#facebook');
    await expect(chooseTargets(sub, 'facebook', [`p1-${sub}`, 'p1-someone-else'])).rejects.toEqual(new InvalidInputError(SOCIAL_MSG.unknownTarget));
    expect(await raw.get(`user#${sub}`, 'social#facebook')).toEqual(before);
  });

  it('refuses a network that is not connected, or no longer', async () => {
    const sub = uniqueSub();
    await expect(chooseTargets(sub, 'x', [])).rejects.toEqual(new NotFoundError(SOCIAL_MSG.notConnected('x')));
    await connectNetwork(sub, 'x');
    await disconnect(sub, 'x');
    await expect(chooseTargets(sub, 'x', [`profile-${sub}`])).rejects.toEqual(new NotFoundError(SOCIAL_MSG.notConnected('x')));
  });
});
