/**
 * Conversation entities (architecture "Data": Conversation/Message; issue 6 item 1): a visitor's
 * chat with the brand's widget, under the brand's partition `user#<sub>`.
 * - Conversation: sort key `conversation#<id>`; the message count (abuse limit), the lead it
 *   produced, timestamps.
 * - ConversationMessage: sort key `convmsg#<conversationId>#<id>` (time-ordered ids), so
 *   one Query with that prefix returns the transcript in order.
 * Ids come from core/uploads/keys.ts `newObjectId` (fixed length: no id is a prefix of another).
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

export const CONVERSATION_CHANNELS = ['widget'] as const;
export const MESSAGE_ROLES = ['visitor', 'assistant'] as const;

function createConversationEntity() {
  return new Entity(
    {
      model: { entity: 'conversation', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        channel: { type: CONVERSATION_CHANNELS, required: true, readOnly: true },
        /** Messages stored so far, visitor's and assistant's. */
        messageCount: { type: 'number', required: true },
        leadId: { type: 'string' },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'conversation#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

function createConversationMessageEntity() {
  return new Entity(
    {
      model: { entity: 'conversationMessage', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        conversationId: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        role: { type: MESSAGE_ROLES, required: true, readOnly: true },
        text: { type: 'string', required: true, readOnly: true },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byConversation: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['conversationId', 'id'], template: 'convmsg#${conversationId}#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ConversationEntity = ReturnType<typeof createConversationEntity>;
export type ConversationMessageEntity = ReturnType<typeof createConversationMessageEntity>;

let conversationEntity: ConversationEntity | undefined;
let messageEntity: ConversationMessageEntity | undefined;
/** The process-wide Conversation entity (created on first use). */
export function conversations(): ConversationEntity {
  conversationEntity ??= createConversationEntity();
  return conversationEntity;
}
/** The process-wide ConversationMessage entity (created on first use). */
export function conversationMessages(): ConversationMessageEntity {
  messageEntity ??= createConversationMessageEntity();
  return messageEntity;
}
export type ConversationItem = EntityItem<ConversationEntity>;
export type ConversationMessageItem = EntityItem<ConversationMessageEntity>;
