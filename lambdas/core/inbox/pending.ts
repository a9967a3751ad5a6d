/**
 * Redelivery of inbound messages whose worker invocation was lost (issue 14), run by the
 * publishing sweep (core/publishing/sweep.ts): one Query of GSI1 `inboxPending` for messages
 * stored more than PENDING_GRACE_MS ago (oldest first, at most MAX_REDELIVERED per run), and an
 * asynchronous invocation of the inbox worker (env INBOX_WORKER_FUNCTION, platform/lambda) for
 * each. The worker is idempotent (core/inbox/answer.ts), so a message redelivered while its first
 * run is still going is harmless. Without the env variable nothing is invoked (logged once per run).
 * Returns how many were handed to the worker.
 */
import { INBOX_WORKER_FUNCTION_ENV } from '@director-ia/shared';
import { conversationMessages } from '../../platform/db/entities/conversation';
import { invokeAsync } from '../../platform/lambda';
import { logger } from '../../platform/logger';
import type { InboxWorkerEvent } from './types';

/** How long a stored message waits for its first worker run before the sweep redelivers it, ms. */
export const PENDING_GRACE_MS = 60_000;
/** Most messages redelivered by one run (the rest wait for the next). */
export const MAX_REDELIVERED = 100;

/** Redelivers the pending messages (see the module header). */
export async function redeliverPending(now: Date, more: () => boolean = () => true, env: Record<string, string | undefined> = process.env): Promise<number> {
  const functionName = env[INBOX_WORKER_FUNCTION_ENV]?.trim();
  const cutoff = `${new Date(now.getTime() - PENDING_GRACE_MS).toISOString()}$`;
  const { data } = await conversationMessages().query.pending({}).lt({ pendingKey: cutoff }).go({ order: 'asc', limit: MAX_REDELIVERED });
  if (data.length === 0) return 0;
  if (!functionName) {
    logger.warn(`Inbox messages pending but ${INBOX_WORKER_FUNCTION_ENV} is not set`, { pending: data.length });
    return 0;
  }
  let redelivered = 0;
  for (const message of data) {
    if (!more()) break;
    const event: InboxWorkerEvent = { uid: message.uid, conversationId: message.conversationId, messageId: message.id };
    try {
      await invokeAsync(functionName, event);
      redelivered += 1;
    } catch (error) {
      logger.error('Sweep: an inbox message could not be redelivered', { error: { name: (error as Error).name } });
    }
  }
  return redelivered;
}
