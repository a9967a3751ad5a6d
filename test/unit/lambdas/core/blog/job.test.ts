/**
 * The scheduled draft job's decisions (issue 5 item 3; lambdas/core/blog/job.ts) with the schedule
 * table calls replaced: a period is drafted only after it is claimed; a lost claim is skipped; a
 * disabled blog's stale schedule is removed; a failed draft is retried later and does not stop the
 * others; no draft starts without time left. The table behaviour itself (conditional claims, GSI
 * query) is covered against DynamoDB Local in test/unit/lambdas/events/blogDrafts.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOG_MSG } from '@director-ia/shared';
import { AiRetryableError } from '../../../../../lambdas/platform/ai/errors';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';

const calls = vi.hoisted(() => ({ claimed: new Set<string>(), retried: [] as [string, string, string][], removed: [] as string[], recorded: [] as string[] }));
const due = vi.hoisted(() => ({ items: [] as { uid: string; frequency: string; nextDueAt: string }[] }));

vi.mock('../../../../../lambdas/core/blog/schedule', () => ({
  dueSchedules: async () => due.items,
  claimPeriod: async (item: { uid: string }) => (calls.claimed.has(item.uid) ? null : (calls.claimed.add(item.uid), '2025-06-09T08:00:00.000Z')),
  retryLater: async (sub: string, claimed: string, at: Date) => void calls.retried.push([sub, claimed, at.toISOString()]),
  removeSchedule: async (sub: string) => void calls.removed.push(sub),
  recordDraft: async (sub: string) => void calls.recorded.push(sub),
}));
vi.mock('../../../../../lambdas/core/blog/draft', () => ({ draftArticle: vi.fn() }));

const { runScheduledDrafts, RETRY_DELAY_MS } = await import('../../../../../lambdas/core/blog/job');

const NOW = new Date('2025-06-02T09:00:00.000Z');
const item = (uid: string) => ({ uid, frequency: '1 artículo por semana', nextDueAt: '2025-06-02T08:00:00.000Z' });

beforeEach(() => {
  calls.claimed = new Set();
  calls.retried = [];
  calls.removed = [];
  calls.recorded = [];
});

describe('runScheduledDrafts', () => {
  it('drafts each claimed period once, skips lost claims, removes disabled blogs and retries failures later', async () => {
    due.items = [item('ok'), item('taken'), item('disabled'), item('failing'), item('ok2')];
    calls.claimed.add('taken');
    const draft = vi.fn(async (...[sub]: [string, unknown]) => {
      if (sub === 'disabled') throw new InvalidInputError(BLOG_MSG.blogDisabled);
      if (sub === 'failing') throw new AiRetryableError('bedrock', 'IA caída');
      return { id: `article-${sub}` } as never;
    });
    const result = await runScheduledDrafts(NOW, { draft });
    expect(result).toEqual({ due: 5, drafted: ['article-ok', 'article-ok2'], skipped: 1, removed: 1, failed: 1 });
    expect(draft.mock.calls.map(([sub, request]) => [sub, request])).toEqual([
      ['ok', { origin: 'schedule' }],
      ['disabled', { origin: 'schedule' }],
      ['failing', { origin: 'schedule' }],
      ['ok2', { origin: 'schedule' }],
    ]);
    expect(calls.recorded).toEqual(['ok', 'ok2']);
    expect(calls.removed).toEqual(['disabled']);
    expect(calls.retried).toEqual([['failing', '2025-06-09T08:00:00.000Z', new Date(NOW.getTime() + RETRY_DELAY_MS).toISOString()]]);
  });

  it('starts no draft with less time left than a draft needs (the next run takes it)', async () => {
    due.items = [item('a'), item('b')];
    let left = 200_000;
    const draft = vi.fn(async (sub: string) => {
      left -= 150_000;
      return { id: sub } as never;
    });
    const result = await runScheduledDrafts(NOW, { draft, remainingMs: () => left, draftBudgetMs: 90_000 });
    expect(result).toMatchObject({ drafted: ['a'], skipped: 1 });
    expect([...calls.claimed]).toEqual(['a']);
  });
});
