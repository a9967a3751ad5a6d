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
import { CHAT_ACTION_STATUSES, CHAT_ROLES, CHAT_TOOL_NAMES, CHAT_TRANSCRIPTION_STATUSES } from '@director-ia/shared';
import { CREATED, defineEntity, fixed, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex } from '../schema';

/** The process-wide ChatMessage entity (created on first use, once TABLE_NAME is known). */
export const chatMessages = defineEntity({
  model: model('chatMessage'),
  attributes: {
    ...TENANT_ITEM,
    role: fixed(CHAT_ROLES),
    text: required('string'),
    ...CREATED,
    offline: required('boolean'),
    /** The model (or offline renderer) that produced an assistant message. */
    model: optional('string'),
    /** Owner's photo: object key in the uploads bucket. */
    imageKey: { type: 'string', readOnly: true },
    /** Owner's voice note: object key in the uploads bucket. */
    voiceKey: { type: 'string', readOnly: true },
    transcription: optional(CHAT_TRANSCRIPTION_STATUSES),
    transcriptionJob: optional('string'),
    transcript: optional('string'),
    /** The tool whose result this message shows or that it proposes. */
    tool: optional(CHAT_TOOL_NAMES),
    /** A generated image shown in the message (gallery asset). */
    assetId: optional('string'),
    /** Proposed action: its validated input (JSON) and state. */
    actionInput: optional('string'),
    actionStatus: optional(CHAT_ACTION_STATUSES),
    /** True for an answer that reports a failure. */
    error: optional('boolean'),
    updatedAt: optional('string'),
  },
  indexes: { byUser: tenantIndex('chatmsg#${id}', 'id') },
});

export type ChatMessageItem = ItemOf<typeof chatMessages>;
