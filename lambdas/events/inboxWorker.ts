/**
 * The inbox worker's handler (issue 14 item 3): invoked asynchronously by the webhook function
 * (and re-invoked by the sweep for messages still pending) with an InboxWorkerEvent `{uid,
 * conversationId, messageId}`. Delivery is at least once: core/inbox/answer.ts answers each
 * inbound message once (its answer's key is derived from the message's, created conditionally).
 * It throws only on unexpected failures (Lambda then retries the event; the claim keeps that safe).
 */
import type { Context } from 'aws-lambda';
import { answerInbound } from '../core/inbox/answer';
import type { InboxWorkerEvent } from '../core/inbox/types';
import { logger } from '../platform/logger';

export async function handler(event: InboxWorkerEvent, context?: Context): Promise<{ outcome: string }> {
  if (context) logger.addContext(context);
  return answerInbound(event, new Date());
}
