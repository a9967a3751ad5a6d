/**
 * The publishing sweep's handler (issue 13 item 3): invoked every PUBLISHING_SWEEP_RATE by an
 * EventBridge Scheduler schedule in AWS and by a timer in the twin, both with
 * `{job: 'publishingSweep', scheduledTime}`. It finishes interrupted post syncs, re-delivers
 * publications whose schedule or lease was lost, marks long-missed ones `no_publicado`, and sends
 * the daily failure digest (core/publishing/sweep.ts). `scheduledTime` is only logged.
 */
import type { Context } from 'aws-lambda';
import { runPublishingSweep, type SweepResult } from '../core/publishing/sweep';
import { logger } from '../platform/logger';

export const PUBLISHING_SWEEP_JOB = 'publishingSweep';

export interface PublishingSweepEvent {
  job: typeof PUBLISHING_SWEEP_JOB;
  /** ISO 8601: when the schedule fired. */
  scheduledTime: string;
}

export async function handler(event: PublishingSweepEvent, context?: Context): Promise<SweepResult> {
  if (context) logger.addContext(context);
  logger.info('Publishing sweep invoked', { scheduledTime: event?.scheduledTime ?? null });
  return runPublishingSweep(new Date(), context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {});
}
