/**
 * The plan cache helpers (issue 5 item 2): a generated proposal shows at once in its month's cached
 * data and that month is re-read; an approved, rejected or gone proposal leaves every cached month
 * that holds it (other months and other proposals stay); only NOT_FOUND means "gone".
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PlanProposal } from '@director-ia/shared';
import type { MonthPlan } from '../../../../../../web/src/features/plan/usePosts';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { CallableClientError } = await import('../../../../../../web/src/lib/api');
const { forgetProposal, isGone, monthPostsKey, postsKey, storeProposal } = await import('../../../../../../web/src/features/plan/usePosts');

const plan = (planId: string, month: string) => ({ planId, month, budget: 100, posts: [] }) as unknown as PlanProposal;
const monthOf = (month: string, proposal?: PlanProposal): MonthPlan => ({ month, posts: [], ...(proposal ? { proposal } : {}) });

describe('keys', () => {
  it('puts every month under the plan prefix, so invalidating postsKey reaches them all', () => {
    expect(monthPostsKey('2026-07')).toEqual([...postsKey, '2026-07']);
  });
});

describe('storeProposal', () => {
  it("replaces the month's proposal in the cache and marks that month stale", async () => {
    const client = new QueryClient();
    client.setQueryData(monthPostsKey('2026-07'), monthOf('2026-07', plan('old', '2026-07')));
    client.setQueryData(monthPostsKey('2026-08'), monthOf('2026-08'));
    await storeProposal(client, plan('new', '2026-07'));
    expect(client.getQueryData<MonthPlan>(monthPostsKey('2026-07'))?.proposal?.planId).toBe('new');
    expect(client.getQueryState(monthPostsKey('2026-07'))?.isInvalidated).toBe(true);
    expect(client.getQueryData<MonthPlan>(monthPostsKey('2026-08'))?.proposal).toBeUndefined();
    expect(client.getQueryState(monthPostsKey('2026-08'))?.isInvalidated).toBe(false);
  });

  it('leaves a month never read uncached', async () => {
    const client = new QueryClient();
    await storeProposal(client, plan('new', '2026-09'));
    expect(client.getQueryData(monthPostsKey('2026-09'))).toBeUndefined();
  });
});

describe('forgetProposal', () => {
  it('drops that proposal from every cached month and keeps the rest of the data', async () => {
    const client = new QueryClient();
    client.setQueryData(monthPostsKey('2026-07'), monthOf('2026-07', plan('p1', '2026-07')));
    client.setQueryData(monthPostsKey('2026-08'), monthOf('2026-08', plan('p2', '2026-08')));
    await forgetProposal(client, 'p1');
    expect(client.getQueryData(monthPostsKey('2026-07'))).toEqual({ month: '2026-07', posts: [] });
    expect(client.getQueryData<MonthPlan>(monthPostsKey('2026-08'))?.proposal?.planId).toBe('p2');
  });

  it('cancels a read in flight of a month holding it, which would bring it back', async () => {
    const client = new QueryClient();
    client.setQueryData(monthPostsKey('2026-07'), monthOf('2026-07', plan('p1', '2026-07')));
    let aborted = false;
    const read = client.fetchQuery({
      queryKey: monthPostsKey('2026-07'),
      queryFn: ({ signal }) =>
        new Promise<MonthPlan>((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          setTimeout(() => resolve(monthOf('2026-07', plan('p1', '2026-07'))), 50);
        }),
      staleTime: 0,
    });
    await forgetProposal(client, 'p1');
    await read.catch(() => undefined);
    expect(aborted).toBe(true);
    expect(client.getQueryData<MonthPlan>(monthPostsKey('2026-07'))?.proposal).toBeUndefined();
  });
});

describe('isGone', () => {
  it('is NOT_FOUND only', () => {
    expect(isGone(new CallableClientError('NOT_FOUND', 'x'))).toBe(true);
    expect(isGone(new CallableClientError('INTERNAL', 'x'))).toBe(false);
    expect(isGone(new Error('NOT_FOUND'))).toBe(false);
  });
});
