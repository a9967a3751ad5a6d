/**
 * Storing what a webhook delivered (issue 14, "store before answer, dedupe by the network's id").
 *
 * `storeInbound(uid, message, account, now)` → `{stored, conversationId, messageId}`:
 * 1. conditional create of the inbound message under `inboundMessageIdOf(network, externalId,
 *    sentAt)` (role 'visitor', `externalId`, `createdAt` = `sentAt` = the network's time, and
 *    `pendingKey` so the sweep finds it until the worker is done). The key exists → a redelivery:
 *    `stored: false` and nothing else is written;
 * 2. the conversation upserted in one UpdateItem: identity fields set if absent (channel = the
 *    network, kind, account, customer, post, `state: 'pendiente'`, createdAt), `accountName` and
 *    the customer's name and handle refreshed, `ADD unread 1, messageCount 1`: atomic, so any
 *    number of concurrent deliveries count every message;
 * 3. when this message is the conversation's newest, one conditional UpdateItem (`lastMessageAt`
 *    absent or older) sets lastMessage, lastAuthor 'visitor', lastMessageAt, lastCustomerAt (and
 *    for comments `replyTargetId` = this comment), and turns a 'respondida' conversation back to
 *    'pendiente' (a 'humano' one stays with the person). When a newer message won meanwhile, only
 *    lastCustomerAt (and replyTargetId) move forward, under their own condition. (At most three
 *    conditional writes; the usual case is one.)
 * No read-modify-write: every write is a single conditional or additive UpdateItem, so a lost
 * race is a condition failure that is either the dedupe or a correct no-op.
 *
 * `askForAnswer(event)`: the asynchronous invocation of the inbox worker (env
 * INBOX_WORKER_FUNCTION); a failure is logged and swallowed: the message stays pending and the
 * publishing sweep redelivers it.
 */
import { INBOX_WORKER_FUNCTION_ENV } from '@director-ia/shared';
import { conversationMessages, conversations, pendingKeyOf } from '../../platform/db/entities/conversation';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { invokeAsync } from '../../platform/lambda';
import { logger } from '../../platform/logger';
import { conversationIdOf, inboundMessageIdOf } from './ids';
import type { InboundMessage, InboxWorkerEvent } from './types';

/** What the receiving account says of itself (the route item). */
export interface ReceivingAccount {
  name?: string;
  sandbox: boolean;
}

export interface StoreResult {
  /** False for a redelivery (the message was already stored). */
  stored: boolean;
  conversationId: string;
  messageId: string;
}

/** Longest stored lastMessage (the list's preview). */
const PREVIEW_LENGTH = 300;

/** Runs a conditional write; false when its condition failed. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Stores `message` for brand `uid` (see the module header). */
export async function storeInbound(uid: string, message: InboundMessage, account: ReceivingAccount, now = new Date()): Promise<StoreResult> {
  const conversationId = conversationIdOf(message);
  const messageId = inboundMessageIdOf(message.network, message.externalId, message.sentAt);
  const at = new Date(message.sentAt).toISOString();
  const result = { conversationId, messageId };
  const created = await conditional(() =>
    conversationMessages()
      .create({
        uid,
        conversationId,
        id: messageId,
        role: 'visitor',
        text: message.text,
        externalId: message.externalId,
        sentAt: at,
        pendingKey: pendingKeyOf(now, uid, conversationId, messageId),
        createdAt: at,
      })
      .go(),
  );
  if (!created) return { stored: false, ...result };

  const comment = message.kind === 'comment';
  const refreshed = {
    ...(account.name ? { accountName: account.name } : {}),
    ...(message.customerName ? { customerName: message.customerName } : {}),
    ...(message.customerHandle ? { customerHandle: message.customerHandle } : {}),
  };
  await conversations()
    .upsert({ uid, id: conversationId, updatedAt: now.toISOString(), ...refreshed })
    .ifNotExists({
      channel: message.network,
      kind: message.kind,
      accountId: message.accountId,
      customerId: message.customerId,
      ...(comment && message.postId ? { postId: message.postId } : {}),
      state: 'pendiente',
      sandbox: account.sandbox,
      createdAt: now.toISOString(),
    })
    .add({ unread: 1, messageCount: 1 })
    .go();

  const customer = { lastCustomerAt: at, ...(comment ? { replyTargetId: message.externalId } : {}) };
  const latest = { ...customer, lastMessage: message.text.slice(0, PREVIEW_LENGTH), lastAuthor: 'visitor' as const, lastMessageAt: at };
  const key = { uid, id: conversationId };
  // Most conversations are not 'respondida': one write. Then the reopening, then the customer's fields alone.
  const written =
    (await conditional(() =>
      conversations()
        .patch(key)
        .set(latest)
        .where((attr, op) => `(${op.notExists(attr.lastMessageAt)} OR ${op.lt(attr.lastMessageAt, at)}) AND (${op.notExists(attr.state)} OR ${op.ne(attr.state, 'respondida')})`)
        .go(),
    )) ||
    (await conditional(() =>
      conversations()
        .patch(key)
        .set({ ...latest, state: 'pendiente' })
        .where((attr, op) => `(${op.notExists(attr.lastMessageAt)} OR ${op.lt(attr.lastMessageAt, at)}) AND ${op.eq(attr.state, 'respondida')}`)
        .go(),
    ));
  if (!written) {
    await conditional(() =>
      conversations()
        .patch(key)
        .set(customer)
        .where((attr, op) => `(${op.notExists(attr.lastCustomerAt)} OR ${op.lt(attr.lastCustomerAt, at)})`)
        .go(),
    );
  }
  return { stored: true, ...result };
}

/** Asks the inbox worker to answer a stored message (see the module header); never throws. */
export async function askForAnswer(event: InboxWorkerEvent): Promise<boolean> {
  const functionName = process.env[INBOX_WORKER_FUNCTION_ENV]?.trim();
  if (!functionName) {
    logger.warn(`Inbox worker not invoked: ${INBOX_WORKER_FUNCTION_ENV} is not set; the sweep will retry`);
    return false;
  }
  try {
    await invokeAsync(functionName, event);
    return true;
  } catch (error) {
    logger.warn('Inbox worker invocation failed; the sweep will retry', { error: { name: (error as Error).name, message: (error as Error).message } });
    return false;
  }
}
