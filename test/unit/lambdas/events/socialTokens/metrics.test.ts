/**
 * The token refresh job's TokenRefreshFailures metric (issue 16 observability): failed and
 * refused (reconnect) refreshes of a run are counted, a run that throws counts one. The refresh
 * itself is a stub here (tested against DynamoDB Local in ../socialTokens.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { METRIC_NAMES } from '@director-ia/shared';
import { useEmfCapture, withMetric } from '../../../../support/emf';

const job = vi.hoisted(() => ({ next: async (): Promise<unknown> => ({ refreshed: 0, reconnect: 0, failed: 0, skipped: 0 }) }));
vi.mock('../../../../../lambdas/core/social/refresh', () => ({ runTokenRefresh: async () => job.next() }));
const { handler, SOCIAL_TOKENS_JOB } = await import('../../../../../lambdas/events/socialTokens');

const run = () => handler({ job: SOCIAL_TOKENS_JOB, scheduledTime: '2026-01-01T00:00:00Z' });
const emf = useEmfCapture({ POWERTOOLS_LOG_LEVEL: 'SILENT' });

describe('token refresh metrics', () => {
  it('counts failed and refused refreshes', async () => {
    job.next = async () => ({ refreshed: 3, reconnect: 1, failed: 2, skipped: 0 });
    await run();
    expect(withMetric(emf.records(), METRIC_NAMES.tokenRefreshFailures)).toEqual([expect.objectContaining({ TokenRefreshFailures: 3, failed: '2', reconnect: '1' })]);
  });

  it('writes nothing for a clean run', async () => {
    job.next = async () => ({ refreshed: 2, reconnect: 0, failed: 0, skipped: 1 });
    await run();
    expect(withMetric(emf.records(), METRIC_NAMES.tokenRefreshFailures)).toEqual([]);
  });

  it('counts a run that throws', async () => {
    job.next = async () => Promise.reject(new Error('secret unreadable'));
    await expect(run()).rejects.toThrow('secret unreadable');
    expect(withMetric(emf.records(), METRIC_NAMES.tokenRefreshFailures)).toEqual([expect.objectContaining({ TokenRefreshFailures: 1, run: 'error' })]);
  });
});
