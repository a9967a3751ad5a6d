/**
 * Deterministic ids of the inbox (issue 14; see platform/db/entities/conversation.ts): the same
 * 20 lower-case letters and digits as core/uploads/keys.ts `newObjectId`, so they share the
 * conversation and message key spaces with the widget's time-ordered ids.
 * - A network conversation's id hashes what identifies the thread, so every delivery finds it.
 * - An inbound message's id is its time (9 base-36 digits, as newObjectId) then a hash of the
 *   network's message id: a redelivery maps to the same key (the dedupe), and the thread sorts by
 *   the network's timestamps.
 * - The AI's answer to an inbound message: a millisecond after it, then a hash of its id, so there
 *   is one answer key per inbound message (the exactly-once claim) and it sorts right after it.
 */
import { createHash } from 'node:crypto';
import type { ConversationKind, InboxNetwork } from '@director-ia/shared';

const TIME_DIGITS = 9;
const ID_LENGTH = 20;

/** `length` base-36 digits of the SHA-256 of `parts` (joined with a separator no part contains). */
function hashDigits(parts: readonly string[], length: number): string {
  const digest = createHash('sha256').update(parts.join('\u0000'), 'utf8').digest();
  // 13 bytes ≈ 104 bits → up to 21 base-36 digits; BigInt keeps it exact.
  return BigInt(`0x${digest.subarray(0, 13).toString('hex')}`).toString(36).padStart(21, '0').slice(-length);
}

const timeDigits = (epochMs: number): string => Math.max(0, Math.floor(epochMs)).toString(36).padStart(TIME_DIGITS, '0').slice(-TIME_DIGITS);

/** What identifies a network thread: a DM is one per (account, person); comments one per (account, post, person). */
export interface ThreadKey {
  network: InboxNetwork;
  kind: ConversationKind;
  accountId: string;
  customerId: string;
  /** Comments only. */
  postId?: string;
}

/** The conversation id of a network thread (stable across deliveries). */
export function conversationIdOf(key: ThreadKey): string {
  return hashDigits(['conversation', key.network, key.kind, key.accountId, key.customerId, key.kind === 'comment' ? (key.postId ?? '') : ''], ID_LENGTH);
}

/** The stored id of an inbound message: its time (`sentAt`, epoch ms) then a hash of the network's id. */
export function inboundMessageIdOf(network: InboxNetwork, externalId: string, sentAt: number): string {
  return timeDigits(sentAt) + hashDigits(['inbound', network, externalId], ID_LENGTH - TIME_DIGITS);
}

/** The id of the AI's answer (or hand-off message) to inbound message `inboundId`. */
export function answerIdOf(inboundId: string): string {
  const time = Number.parseInt(inboundId.slice(0, TIME_DIGITS), 36);
  return timeDigits(time + 1) + hashDigits(['answer', inboundId], ID_LENGTH - TIME_DIGITS);
}
