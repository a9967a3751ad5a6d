/**
 * Bandeja callables (issue 14; shared/inbox.ts), all `active` and always on the caller's own
 * conversations (the tenant is the token):
 * - `listarConversaciones({channel?, state?, search?})` → `{conversations, unread}`: newest activity
 *   first (at most MAX_LISTED_CONVERSATIONS), filtered by shared/inbox.ts `conversationMatches`;
 *   `unread` is the total of unread customer messages over all conversations (the top-bar badge).
 * - `verConversacion({id})` → `{conversation, messages}`: the thread oldest first (the newest
 *   MAX_THREAD_MESSAGES), and the conversation marked read (its `unread` becomes 0).
 * - `responderConversacion({id, text})` → `{message}`: the owner's reply, sent through the network's
 *   API with the connection's sealed page or bot token; the message is stored first ('enviando'),
 *   then 'enviada', or the call fails with the network's reason (INVALID_ARGUMENT 400: outside the
 *   window, network not connected; UNAVAILABLE 503: the network refused or did not answer) and
 *   the message stays stored as 'error'. Widget conversations: INVALID_ARGUMENT widgetReadOnly.
 *   (The wire protocol, spec 8, has no FAILED_PRECONDITION: refusals the caller can act on are
 *   INVALID_ARGUMENT with the Spanish reason, as publishing's are.)
 * - `aprobarRespuesta({id, messageId, text?})` → `{message}`: sends an AI suggestion (with the
 *   owner's edit when `text` is given), exactly once (a suggestion already approved, discarded or
 *   sent is INVALID_ARGUMENT notSuggestion); same failures as `responderConversacion`.
 * - `descartarRespuesta({id, messageId})` → `{message}` in state 'descartada'.
 * - `obtenerReglasBandeja()` → `{rules}` (DEFAULT_INBOX_RULES until saved).
 * - `guardarReglasBandeja({rules})` → `{rules}`: all of them, validated (InboxRulesSchema).
 * An id that is not one of the caller's conversations or messages is NOT_FOUND, and nothing changes.
 */
import * as z from 'zod/mini';
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_STATES,
  ConversationSummarySchema,
  INBOX_MSG,
  InboxMessageSchema,
  InboxRulesSchema,
  MAX_INBOX_REPLY_LENGTH,
  MAX_INBOX_SEARCH_LENGTH,
} from '../../inbox';
import { define, Empty } from '../define';
import { requiredId, requiredText } from '../fields';

const ConversationId = requiredId(INBOX_MSG.missingConversation);
const MessageId = requiredId(INBOX_MSG.missingMessage);
const ReplyText = requiredText(MAX_INBOX_REPLY_LENGTH, { missing: INBOX_MSG.replyRequired, tooLong: INBOX_MSG.replyTooLong(MAX_INBOX_REPLY_LENGTH) });

export const listarConversaciones = define({
  name: 'listarConversaciones',
  access: 'active',
  input: z.nullish(
    z.strictObject({
      channel: z.optional(z.enum(CONVERSATION_CHANNELS, { error: INBOX_MSG.invalidNetwork })),
      state: z.optional(z.enum(CONVERSATION_STATES, { error: INBOX_MSG.invalidState })),
      search: z.optional(z.string().check(z.maxLength(MAX_INBOX_SEARCH_LENGTH, INBOX_MSG.searchTooLong))),
    }),
  ),
  /** Newest activity first. */
  output: z.object({ conversations: z.array(ConversationSummarySchema), unread: z.number() }),
});

export const verConversacion = define({
  name: 'verConversacion',
  access: 'active',
  input: z.strictObject({ id: ConversationId }),
  /** Messages oldest first. */
  output: z.object({ conversation: ConversationSummarySchema, messages: z.array(InboxMessageSchema) }),
});

export const responderConversacion = define({
  name: 'responderConversacion',
  access: 'active',
  input: z.strictObject({ id: ConversationId, text: ReplyText }),
  output: z.object({ message: InboxMessageSchema }),
});

export const aprobarRespuesta = define({
  name: 'aprobarRespuesta',
  access: 'active',
  input: z.strictObject({ id: ConversationId, messageId: MessageId, text: z.optional(ReplyText) }),
  output: z.object({ message: InboxMessageSchema }),
});

export const descartarRespuesta = define({
  name: 'descartarRespuesta',
  access: 'active',
  input: z.strictObject({ id: ConversationId, messageId: MessageId }),
  output: z.object({ message: InboxMessageSchema }),
});

export const obtenerReglasBandeja = define({
  name: 'obtenerReglasBandeja',
  access: 'active',
  input: Empty,
  output: z.object({ rules: InboxRulesSchema }),
});

export const guardarReglasBandeja = define({
  name: 'guardarReglasBandeja',
  access: 'active',
  input: z.strictObject({ rules: InboxRulesSchema }),
  output: z.object({ rules: InboxRulesSchema }),
});
