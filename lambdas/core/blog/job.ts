/**
 * The scheduled draft job (issue 5 item 3: "drafts are generated on the configured frequency by a
 * schedule, for the owner to review"). One run:
 * 1. reads the schedule items due now (GSI1 Query, schedule.ts), oldest first, at most `limit`;
 * 2. for each, while time remains: claims its period (conditional update: a period another run
 *    claimed is skipped, so overlapping runs never draft twice), then `draftArticle(sub,
 *    {origin: 'schedule'})`;
 * 3. a draft refused because the blog is disabled removes the stale schedule; any other failure
 *    (AI unavailable, missing key...) puts the due time back RETRY_DELAY_MS ahead, so a later run
 *    tries that period again, and is logged without stopping the others.
 * Returns counts for the logs and tests. Items left for lack of time are picked up by the next run.
 */
import { BLOG_MSG } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { draftArticle } from './draft';
import { claimPeriod, dueSchedules, recordDraft, removeSchedule, retryLater } from './schedule';

/** After a failed draft, the next attempt at the same period. */
export const RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** Due items read per run. */
export const ITEMS_PER_RUN = 50;

export interface JobOptions {
  /** Milliseconds the run may still use (Lambda's getRemainingTimeInMillis); unlimited when absent. */
  remainingMs?: () => number;
  /** Time one draft may take at most: no new draft starts with less left than this. */
  draftBudgetMs?: number;
  limit?: number;
  /** Drafts an article (tests pass their own). */
  draft?: typeof draftArticle;
}

export interface JobResult {
  due: number;
  drafted: string[];
  /** Periods another run had claimed, or left for the next run for lack of time. */
  skipped: number;
  /** Stale schedules of disabled blogs, removed. */
  removed: number;
  failed: number;
}

/** Runs the scheduled drafts due at `now` (see the module header). */
export async function runScheduledDrafts(now = new Date(), options: JobOptions = {}): Promise<JobResult> {
  const draft = options.draft ?? draftArticle;
  const budget = options.draftBudgetMs ?? 90_000;
  const due = await dueSchedules(now, options.limit ?? ITEMS_PER_RUN);
  const result: JobResult = { due: due.length, drafted: [], skipped: 0, removed: 0, failed: 0 };
  for (const item of due) {
    if (options.remainingMs && options.remainingMs() < budget) {
      result.skipped += 1;
      continue;
    }
    const claimed = await claimPeriod(item, now);
    if (!claimed) {
      result.skipped += 1;
      continue;
    }
    try {
      const article = await draft(item.uid, { origin: 'schedule' }, now);
      await recordDraft(item.uid, article.id, now);
      result.drafted.push(article.id);
    } catch (error) {
      if (error instanceof InvalidInputError && error.message === BLOG_MSG.blogDisabled) {
        await removeSchedule(item.uid, claimed);
        result.removed += 1;
        continue;
      }
      result.failed += 1;
      logger.error('Scheduled article draft failed', { sub: item.uid, dueAt: item.nextDueAt, error: error as Error });
      await retryLater(item.uid, claimed, new Date(now.getTime() + RETRY_DELAY_MS), now).catch((retryError: unknown) =>
        logger.error('Could not reschedule a failed draft', { sub: item.uid, error: retryError as Error }),
      );
    }
  }
  logger.info('Scheduled drafts run', { due: result.due, drafted: result.drafted.length, skipped: result.skipped, removed: result.removed, failed: result.failed });
  return result;
}
