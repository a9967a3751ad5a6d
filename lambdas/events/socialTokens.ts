/**
 * The scheduled social token refresh job's handler (issue 12 item 3): invoked every 15 minutes by
 * an EventBridge Scheduler schedule in AWS and by a timer in the twin, both with the same event,
 * `SocialTokensEvent`: `{job: 'socialTokens', scheduledTime}`. The run refreshes what is due at
 * the time of invocation (core/social/refresh.ts); `scheduledTime` is only logged, so a retried
 * delivery behaves like a new run and the per-connection lease keeps it from refreshing twice.
 */
import type { Context } from 'aws-lambda';
import { runTokenRefresh, type JobResult } from '../core/social/refresh';
import { METRIC_NAMES } from '@director-ia/shared';
import { logger } from '../platform/logger';
import { emitCount } from '../platform/metrics';

export const SOCIAL_TOKENS_JOB = 'socialTokens';

export interface SocialTokensEvent {
  job: typeof SOCIAL_TOKENS_JOB;
  /** ISO 8601: when the schedule fired. */
  scheduledTime: string;
}

export async function handler(event: SocialTokensEvent, context?: Context): Promise<JobResult> {
  if (context) logger.addContext(context);
  logger.info('Social token refresh invoked', { scheduledTime: event?.scheduledTime ?? null });
  let result: JobResult;
  try {
    result = await runTokenRefresh(new Date(), context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {});
  } catch (error) {
    emitCount(METRIC_NAMES.tokenRefreshFailures, 1, { run: 'error' });
    throw error;
  }
  // Failed (retried next run) and refused (the owner must reconnect) refreshes (issue 16 observability).
  const failures = result.failed + result.reconnect;
  if (failures > 0) emitCount(METRIC_NAMES.tokenRefreshFailures, failures, { failed: result.failed, reconnect: result.reconnect });
  return result;
}
