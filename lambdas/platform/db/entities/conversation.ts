/**
 * Conversation entities (architecture "Data": Conversation/Message; issue 6 item 1): a visitor's
 * chat with the brand's widget, under the brand's partition `user#<sub>`.
 * - Conversation: sort key `conversation#<id>`; the message count (abuse limit), the lead it
 *   produced, timestamps.
 * - ConversationMessage: sort key `convmsg#<conversationId>#<id>` (time-ordered ids), so
 *   one Query with that prefix returns the transcript in order.
 * Ids come from core/uploads/keys.ts `newObjectId` (fixed length: no id is a prefix of another).
 */
import { CREATED, defineEntity, fixed, type ItemOf, model, optional, required, TENANT, TENANT_ITEM, tenantIndex, TIMESTAMPS } from '../schema';

export const CONVERSATION_CHANNELS = ['widget'] as const;
export const MESSAGE_ROLES = ['visitor', 'assistant'] as const;

/** The process-wide Conversation entity (created on first use). */
export const conversations = defineEntity({
  model: model('conversation'),
  attributes: {
    ...TENANT_ITEM,
    channel: fixed(CONVERSATION_CHANNELS),
    /** Messages stored so far, visitor's and assistant's. */
    messageCount: required('number'),
    leadId: optional('string'),
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
    text: fixed('string'),
    ...CREATED,
  },
  indexes: { byConversation: tenantIndex('convmsg#${conversationId}#${id}', 'conversationId', 'id') },
});

export type ConversationItem = ItemOf<typeof conversations>;
export type ConversationMessageItem = ItemOf<typeof conversationMessages>;
