/**
 * The scheduled draft job's handler (issue 5 item 3): invoked by an EventBridge Scheduler schedule
 * in AWS (infra/constructs/jobs.ts) and by a timer in the twin (infra/local/schedules.ts), both with
 * the same event, `BlogDraftsEvent`: `{job: 'blogDrafts', scheduledTime}` (the Scheduler fills
 * `scheduledTime` from its `<aws.scheduler.scheduled-time>` context attribute). The run drafts what
 * is due at the time of invocation (core/blog/job.ts); `scheduledTime` is only logged, so a retried
 * delivery behaves like a new run and the conditional claims keep it from drafting twice.
 */
import type { Context } from 'aws-lambda';
import { runScheduledDrafts, type JobResult } from '../core/blog/job';
import { logger } from '../platform/logger';

export const BLOG_DRAFTS_JOB = 'blogDrafts';

export interface BlogDraftsEvent {
  job: typeof BLOG_DRAFTS_JOB;
  /** ISO 8601: when the schedule fired. */
  scheduledTime: string;
}

/** Time kept free at the end of the invocation: no draft starts with less left. */
const DRAFT_BUDGET_MS = 90_000;

export async function handler(event: BlogDraftsEvent, context?: Context): Promise<JobResult> {
  if (context) logger.addContext(context);
  logger.info('Scheduled drafts invoked', { scheduledTime: event?.scheduledTime ?? null });
  return runScheduledDrafts(new Date(), {
    draftBudgetMs: DRAFT_BUDGET_MS,
    ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
  });
}
