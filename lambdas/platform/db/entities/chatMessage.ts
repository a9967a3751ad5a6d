/**
 * ChatMessage entity (issue 6 item 3): one message of the owner's mobile command chat, kept per
 * owner under the partition `user#<sub>`, sort key `chatmsg#<id>` (time-ordered ids from
 * newObjectId, all the same length), so one descending Query returns the newest messages.
 * - owner messages: `text`, an optional photo (`imageKey`, upload kind chatImage) and an optional
 *   voice note (`voiceKey`, kind chatVoice) with its transcription state, job and transcript;
 * - assistant messages: the answer `text`, whether it was made offline and by which model, the
 *   `tool` whose result it shows (`assetId` of a generated image), and for an action
 *   proposed for confirmation the tool, its validated input (JSON) and the action's state; the
 *   message id is the action id.
 */
import { Entity, type EntityItem } from '../electrodb';
import { CHAT_ACTION_STATUSES, CHAT_ROLES, CHAT_TOOL_NAMES, CHAT_TRANSCRIPTION_STATUSES, TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createChatMessageEntity() {
  return new Entity(
    {
      model: { entity: 'chatMessage', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        role: { type: CHAT_ROLES, required: true, readOnly: true },
        text: { type: 'string', required: true },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true, readOnly: true },
        offline: { type: 'boolean', required: true },
        /** The model (or offline renderer) that produced an assistant message. */
        model: { type: 'string' },
        /** Owner's photo: object key in the uploads bucket. */
        imageKey: { type: 'string', readOnly: true },
        /** Owner's voice note: object key in the uploads bucket. */
        voiceKey: { type: 'string', readOnly: true },
        transcription: { type: CHAT_TRANSCRIPTION_STATUSES },
        transcriptionJob: { type: 'string' },
        transcript: { type: 'string' },
        /** The tool whose result this message shows or that it proposes. */
        tool: { type: CHAT_TOOL_NAMES },
        /** A generated image shown in the message (gallery asset). */
        assetId: { type: 'string' },
        /** Proposed action: its validated input (JSON) and state. */
        actionInput: { type: 'string' },
        actionStatus: { type: CHAT_ACTION_STATUSES },
        /** True for an answer that reports a failure. */
        error: { type: 'boolean' },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'chatmsg#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ChatMessageEntity = ReturnType<typeof createChatMessageEntity>;

let entity: ChatMessageEntity | undefined;
/** The process-wide ChatMessage entity (created on first use, once TABLE_NAME is known). */
export function chatMessages(): ChatMessageEntity {
  entity ??= createChatMessageEntity();
  return entity;
}
export type ChatMessageItem = EntityItem<ChatMessageEntity>;
