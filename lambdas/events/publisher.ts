/**
 * The publisher's handler (issue 13 item 3): invoked asynchronously by a publication's EventBridge
 * Scheduler one-time schedule (the twin's gateway fires the same event) with `PublishEvent`
 * `{sub, postId, publicationId, revision}`. Delivery is at least once and may be late or doubled:
 * the engine (core/publishing) claims the publication with a conditional write and a lease, so a
 * duplicate, stale (old revision) or late event never publishes twice. It throws only on
 * unexpected failures (Lambda then retries the event; the claim keeps that safe).
 */
import type { Context } from 'aws-lambda';
import { handlePublishEvent, type PublishEvent, type PublishEventResult } from '../core/publishing/engine';
import { METRIC_NAMES } from '@director-ia/shared';
import { logger } from '../platform/logger';
import { emitCount } from '../platform/metrics';

/** Outcomes counted as PublishingFailures (issue 16 observability; a thrown failure counts too). */
const FAILED_OUTCOMES: ReadonlySet<PublishEventResult['outcome']> = new Set(['failed', 'missed']);

export async function handler(event: PublishEvent, context?: Context): Promise<PublishEventResult> {
  if (context) logger.addContext(context);
  try {
    const result = await handlePublishEvent(event, new Date(), context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {});
    if (FAILED_OUTCOMES.has(result.outcome)) emitCount(METRIC_NAMES.publishingFailures, 1, { outcome: result.outcome });
    return result;
  } catch (error) {
    emitCount(METRIC_NAMES.publishingFailures, 1, { outcome: 'error' });
    throw error;
  }
}
