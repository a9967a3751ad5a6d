/**
 * Mobile command chat callables (issue 6 item 3), all `active` and all owner-only: every payload
 * names the chat's owner (`uid`, from the `/chat/{uid}` URL) and the server refuses any caller
 * whose verified `sub` is not that uid with PERMISSION_DENIED before doing anything else. The
 * tenant is still the verified `sub`; the uid is only compared with it.
 * - `enviarMensajeChat {uid, text?, imageKey?, voiceKey?}` → `{messages}`: the owner's message
 *   (text, a photo uploaded as kind 'chatImage', a voice note uploaded as kind 'chatVoice'; at
 *   least one) and the assistant's answers to it, oldest first.
 * - `listarMensajesChat {uid}` → `{messages, transcribing}`: the newest CHAT_HISTORY_LIMIT
 *   messages, oldest first; also advances voice notes being transcribed (`transcribing` says
 *   whether any still is, so the chat keeps polling).
 * - `confirmarAccionChat {uid, actionId, confirm}` → `{messages}`: resolves an action the AI
 *   proposed (the assistant message with `action.status: 'pending'`): runs it or cancels it.
 *   Unknown → 404, already resolved → 409 ABORTED, expired → 409 ABORTED.
 */
import * as z from 'zod/mini';
import {
  CHAT_ACTION_STATUSES,
  CHAT_ID_PATTERN,
  CHAT_MAX_TEXT_LENGTH,
  CHAT_MSG,
  CHAT_ROLES,
  CHAT_TOOL_NAMES,
  CHAT_TRANSCRIPTION_STATUSES,
  CHAT_UID_PATTERN,
} from '../../chat';
import { define } from '../define';

/** The chat owner's uid from the URL (compared with the caller's verified sub). */
export const ChatUidSchema = z.string({ error: CHAT_MSG.invalidChat }).check(z.regex(CHAT_UID_PATTERN, CHAT_MSG.invalidChat));

const ObjectKeySchema = z.string({ error: CHAT_MSG.attachmentInvalid }).check(z.minLength(1, CHAT_MSG.attachmentInvalid), z.maxLength(1024, CHAT_MSG.attachmentInvalid));

/** One message of the chat as the browser shows it. */
export const ChatMessageSchema = z.object({
  /** Time-ordered id; also the id of the action an assistant message proposes. */
  id: z.string(),
  role: z.enum(CHAT_ROLES),
  /** The owner's text or the assistant's answer (plain text, may contain line breaks). */
  text: z.string(),
  /** ISO 8601, set by the server. */
  createdAt: z.string(),
  /** True when the answer was made without an AI model (offline provider): the chat labels it. */
  offline: z.boolean(),
  /** Short-lived URL of the owner's photo or of a generated image. */
  imageUrl: z.optional(z.string()),
  /** The gallery asset of a generated image. */
  assetId: z.optional(z.string()),
  /** Short-lived URL of the owner's voice note. */
  audioUrl: z.optional(z.string()),
  /** State of a voice note's transcription, and its text once done. */
  transcription: z.optional(z.enum(CHAT_TRANSCRIPTION_STATUSES)),
  transcript: z.optional(z.string()),
  /** The tool whose result this answer shows, or that it proposes. */
  tool: z.optional(z.enum(CHAT_TOOL_NAMES)),
  /** An action proposed for confirmation ('Confirmar'/'Cancelar' while pending). */
  action: z.optional(z.object({ status: z.enum(CHAT_ACTION_STATUSES) })),
  /** True for an answer that reports a failure. */
  error: z.optional(z.boolean()),
});
export type ChatMessageView = z.infer<typeof ChatMessageSchema>;

const Messages = z.object({ messages: z.array(ChatMessageSchema) });

export const enviarMensajeChat = define({
  name: 'enviarMensajeChat',
  access: 'active',
  input: z
    .strictObject({
      uid: ChatUidSchema,
      text: z.optional(z.string({ error: CHAT_MSG.emptyMessage }).check(z.trim(), z.maxLength(CHAT_MAX_TEXT_LENGTH, CHAT_MSG.textTooLong(CHAT_MAX_TEXT_LENGTH)))),
      imageKey: z.optional(ObjectKeySchema),
      voiceKey: z.optional(ObjectKeySchema),
    })
    .check(z.refine((m) => Boolean(m.text) || m.imageKey !== undefined || m.voiceKey !== undefined, CHAT_MSG.emptyMessage)),
  output: Messages,
});

export const listarMensajesChat = define({
  name: 'listarMensajesChat',
  access: 'active',
  input: z.strictObject({ uid: ChatUidSchema }),
  output: z.object({
    messages: z.array(ChatMessageSchema),
    /** A voice note is still being transcribed: read again in CHAT_TRANSCRIPTION_POLL_MS. */
    transcribing: z.boolean(),
  }),
});

export const confirmarAccionChat = define({
  name: 'confirmarAccionChat',
  access: 'active',
  input: z.strictObject({
    uid: ChatUidSchema,
    actionId: z.string({ error: CHAT_MSG.actionNotFound }).check(z.regex(CHAT_ID_PATTERN, CHAT_MSG.actionNotFound)),
    confirm: z.boolean(),
  }),
  output: Messages,
});
