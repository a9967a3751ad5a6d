/**
 * The scheduled social token refresh job (the handler the Scheduler and the twin's timer invoke)
 * against DynamoDB Local (a table of this file's own) and a fake network: a run refreshes what is
 * due now and nothing else, and a second run finds nothing due.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub } from '../../../support/domain-env';
import { fakeNetworks } from '../core/social/fake-networks';
import { connectNetwork, useSocialEnv } from '../core/social/support';

vi.mock('../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('../core/social/fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { handler, SOCIAL_TOKENS_JOB } = await import('../../../../lambdas/events/socialTokens');

beforeEach(() => fakeNetworks.reset());

const HOUR = 3_600_000;
const runJob = () => handler({ job: SOCIAL_TOKENS_JOB, scheduledTime: new Date().toISOString() });

describe('the social tokens job', () => {
  it('refreshes the connections due now, once', async () => {
    const [due, fresh] = [uniqueSub(), uniqueSub()];
    // Connected 1 h 50 min ago with a two-hour token: due. Connected now: not due.
    await connectNetwork(due, 'x', new Date(Date.now() - 2 * HOUR + 10 * 60_000));
    await connectNetwork(fresh, 'tiktok');
    fakeNetworks.clock = () => Date.now();
    const before = await raw.get(`user#${due}`, 'social#x');
    expect(await runJob()).toEqual({ refreshed: 1, reconnect: 0, failed: 0, skipped: 0 });
    expect(fakeNetworks.refreshCallsOf(due)).toHaveLength(1);
    expect(fakeNetworks.refreshCallsOf(fresh)).toHaveLength(0);
    const after = await raw.get(`user#${due}`, 'social#x');
    expect(after?.accessTokenSealed).not.toBe(before?.accessTokenSealed);
    expect(Date.parse(after?.expiresAt as string)).toBeGreaterThan(Date.now() + HOUR);

    expect(await runJob()).toEqual({ refreshed: 0, reconnect: 0, failed: 0, skipped: 0 });
    expect(fakeNetworks.calls.refresh).toHaveLength(1);
  });
});
