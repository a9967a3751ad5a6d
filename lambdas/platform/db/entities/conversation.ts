/**
 * Conversation entities (architecture "Data": Conversation/Message; issue 6 item 1): a visitor's
 * chat with the brand's widget, under the brand's partition `user#<sub>`.
 * - Conversation: sort key `conversation#<id>`; the message count (abuse limit), the lead it
 *   produced, timestamps.
 * - ConversationMessage: sort key `convmsg#<conversationId>#<id>` (time-ordered ids), so
 *   one Query with that prefix returns the transcript in order.
 * Ids come from core/uploads/keys.ts `newObjectId` (fixed length: no id is a prefix of another).
 *
 * Issue 14 (Bandeja) extends both for the networks' private messages and comments:
 * - a network conversation's id is derived from (network, account, kind, customer[, post])
 *   (core/inbox/ids.ts, same 20-character shape), so every delivery of the same thread finds it
 *   without a lookup; it carries the summary the inbox lists (state, unread, last message and
 *   author, `lastCustomerAt` for the reply window) and who the customer is on the network;
 * - an inbound message's id is derived from the network's message id and timestamp (time first,
 *   then a hash of the network id), so a redelivered webhook writes the same key and its
 *   conditional create is the dedupe; brand messages (AI answers, suggestions, the owner's replies)
 *   carry a delivery `state` and `replyTo`, the inbound message they answer (one AI answer per
 *   inbound message: its id is derived from `replyTo`).
 * The widget's conversations keep their fields; their summary fields are set from issue 14 on and
 * read with fallbacks for older items (core/inbox/view.ts).
 */
import { CONVERSATION_CHANNELS, CONVERSATION_KINDS, CONVERSATION_STATES, INBOX_MESSAGE_STATES } from '@director-ia/shared';
import { CREATED, defineEntity, fixed, gsi1Index, type ItemOf, model, optional, required, TENANT, TENANT_ITEM, tenantIndex, TIMESTAMPS } from '../schema';
import { ATTRIBUTION } from './attribution';

/** GSI1 partition of the inbound messages still waiting for the inbox worker (issue 14). */
export const INBOX_PENDING_GSI_PARTITION = 'inboxPending';

/** Who wrote a stored message: the customer or widget visitor, the brand's AI, the owner by hand. */
export const MESSAGE_ROLES = ['visitor', 'assistant', 'owner'] as const;

/** The process-wide Conversation entity (created on first use). */
export const conversations = defineEntity({
  model: model('conversation'),
  attributes: {
    ...TENANT_ITEM,
    channel: fixed(CONVERSATION_CHANNELS),
    /** Messages stored so far, visitor's and assistant's. */
    messageCount: required('number'),
    leadId: optional('string'),
    // Issue 14 (Bandeja): absent on widget conversations stored before it.
    /** 'dm' (absent = dm) or 'comment'. */
    kind: optional(CONVERSATION_KINDS),
    /** Networks: the page, Instagram account or bot id that received it, and its name then. */
    accountId: optional('string'),
    accountName: optional('string'),
    /** Networks: the person's id there (PSID, IGSID, Telegram chat id), name and handle (stored without '@'). */
    customerId: optional('string'),
    customerName: optional('string'),
    customerHandle: optional('string'),
    /** Comments: the post's network id and its text (clipped). */
    postId: optional('string'),
    postPreview: optional('string'),
    /** The comment a reply answers (Facebook `/{comment-id}/comments`, Instagram `/{id}/replies`): the newest one. */
    replyTargetId: optional('string'),
    state: optional(CONVERSATION_STATES),
    unread: optional('number'),
    lastMessage: optional('string'),
    lastAuthor: optional(MESSAGE_ROLES),
    /** ISO 8601 of the newest message, and of the customer's newest (the reply window). */
    lastMessageAt: optional('string'),
    lastCustomerAt: optional('string'),
    /** ISO 8601 of the last hand-off message sent (sent again only after someone answered). */
    handoffSentAt: optional('string'),
    /** True when the network is the twin's "Red de pruebas". */
    sandbox: optional('boolean'),
    /** Issue 15 item 4: widget conversations, the visit that opened it (shared Attribution), set when the conversation is created. */
    attribution: ATTRIBUTION,
    ...TIMESTAMPS,
  },
  indexes: { byUser: tenantIndex('conversation#${id}', 'id') },
});

/** The process-wide ConversationMessage entity (created on first use). */
export const conversationMessages = defineEntity({
  model: model('conversationMessage'),
  attributes: {
    ...TENANT,
    conversationId: fixed('string'),
    id: fixed('string'),
    role: fixed(MESSAGE_ROLES),
    /** Editable only while a suggestion (the owner may edit it when approving). */
    text: required('string'),
    // Issue 14 (Bandeja): absent on widget messages.
    /** Inbound: the network's message or comment id. Outbound: the id the network answered. */
    externalId: optional('string'),
    /** Brand messages sent to a network: the delivery state. */
    state: optional(INBOX_MESSAGE_STATES),
    /** Spanish reason of a failed send. */
    error: optional('string'),
    /** AI messages written without a model. */
    offline: optional('boolean'),
    /** AI messages: the hand-off message. */
    handoff: optional('boolean'),
    /** Brand messages: the id of the inbound message they answer. */
    replyTo: optional('string'),
    /** ISO 8601 of the network's acceptance. */
    sentAt: optional('string'),
    /**
     * GSI1 sort key `<stored ISO>#<uid>#<conversationId>#<id>` while an inbound message waits for
     * its answer (set when stored, removed when the worker has dealt with it), so the sweep finds
     * the ones whose worker invocation was lost (`pendingKeyOf`). Absent: not in GSI1.
     */
    pendingKey: optional('string'),
    ...CREATED,
  },
  indexes: {
    byConversation: tenantIndex('convmsg#${conversationId}#${id}', 'conversationId', 'id'),
    pending: gsi1Index(INBOX_PENDING_GSI_PARTITION, '${pendingKey}', 'pendingKey'),
  },
});

export type ConversationItem = ItemOf<typeof conversations>;
export type ConversationMessageItem = ItemOf<typeof conversationMessages>;

/** The GSI1 sort key of a pending inbound message stored at `storedAt`. */
export const pendingKeyOf = (storedAt: Date, uid: string, conversationId: string, id: string): string => `${storedAt.toISOString()}#${uid}#${conversationId}#${id}`;
