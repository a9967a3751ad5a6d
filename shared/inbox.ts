/**
 * Bandeja de mensajes (issue 14): what the browser, the server and the twin share about the inbox.
 * One inbox holds the website widget's conversations and the private messages and comments of the
 * connected networks that deliver them to us by webhook (Facebook Messenger and page comments,
 * Instagram messaging and comments, Telegram bot messages) or that we poll (YouTube comments on the
 * channel's videos: the Data API has no webhook for them; YouTube has no DMs). The AI answers each incoming message
 * by the owner's rule for its network (off / suggest / automatic), inside the network's reply
 * window, and hands the conversation to a person on the owner's topics.
 *
 * Rules (InboxRules, settings `bandeja`):
 * - `modes[network]`: 'off' stores only; 'suggest' stores the AI's reply as a suggestion the owner
 *   approves (optionally edited) or discards in Bandeja; 'automatic' sends it. Default 'suggest'.
 * - `humanTopics`: a message about one of them is never answered by the AI: the conversation goes
 *   to a person (state 'humano') and, unless the mode is 'off', the customer gets `handoffMessage`
 *   (once until someone answers again).
 * - `businessHours` (brand time zone, null = no hours set): when a person attends. Outside them, the
 *   hand-off message carries the hours (INBOX_MSG.handoffWithHours), and in 'suggest' mode the
 *   customer gets the hand-off message at once while the suggestion waits for the owner.
 * - The reply window (REPLY_WINDOW_MS): Meta's standard messaging window lets a page answer a DM
 *   only within 24 hours of the customer's last message; a DM older than that is never answered
 *   automatically and cannot be answered from Bandeja either (the network refuses). Comments,
 *   Telegram and YouTube have no window.
 * The widget's conversations are listed and read here; they are answered live by the widget and
 * cannot be answered from Bandeja (the visitor's page has no channel back).
 */
import * as z from 'zod/mini';
import { LEAD_SOURCE_LABELS } from './entities/lead';
import { normalizeSearchText } from './leads';

/**
 * Networks whose messages reach the inbox: by webhook (Facebook, Instagram, Telegram) or, where
 * the network has no webhook for them, by polling (YouTube comments: core/inbox/poll.ts).
 */
export const INBOX_NETWORKS = ['facebook', 'instagram', 'telegram', 'youtube'] as const;
export type InboxNetwork = (typeof INBOX_NETWORKS)[number];
export const isInboxNetwork = (value: unknown): value is InboxNetwork => typeof value === 'string' && (INBOX_NETWORKS as readonly string[]).includes(value);

/** Where a conversation comes from: the website widget or an inbox network. */
export const CONVERSATION_CHANNELS = ['widget', ...INBOX_NETWORKS] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
export const CONVERSATION_CHANNEL_LABELS: Readonly<Record<ConversationChannel, string>> = {
  widget: LEAD_SOURCE_LABELS.widget,
  facebook: 'Facebook',
  instagram: 'Instagram',
  telegram: 'Telegram',
  youtube: 'YouTube',
};

/** A private message, or comments on one of the brand's posts (one conversation per post and person). */
export const CONVERSATION_KINDS = ['dm', 'comment'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const CONVERSATION_KIND_LABELS: Readonly<Record<ConversationKind, string>> = { dm: 'Mensaje privado', comment: 'Comentario' };

/**
 * Conversation states (the inbox filter): 'pendiente' = waiting for the owner (a suggestion to
 * approve, a message the AI does not answer: mode off, outside the window, a failed send);
 * 'humano' = handed to a person (a human-only topic); 'respondida' = the last customer message has
 * an answer (AI or owner).
 */
export const CONVERSATION_STATES = ['pendiente', 'humano', 'respondida'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
export const CONVERSATION_STATE_LABELS: Readonly<Record<ConversationState, string>> = { pendiente: 'Pendiente', humano: 'Para una persona', respondida: 'Respondida' };

/** The AI's rule for a network. */
export const INBOX_MODES = ['off', 'suggest', 'automatic'] as const;
export type InboxMode = (typeof INBOX_MODES)[number];
export const INBOX_MODE_LABELS: Readonly<Record<InboxMode, string>> = { off: 'Desactivada', suggest: 'Sugerir (apruebo cada respuesta)', automatic: 'Automática' };
export const DEFAULT_INBOX_MODE: InboxMode = 'suggest';

/** Who wrote a message: the customer (or widget visitor), the brand's AI, or the owner by hand. */
export const INBOX_AUTHORS = ['customer', 'ai', 'owner'] as const;
export type InboxAuthor = (typeof INBOX_AUTHORS)[number];
export const INBOX_AUTHOR_LABELS: Readonly<Record<InboxAuthor, string>> = { customer: 'Cliente', ai: 'IA', owner: 'Tú' };

/**
 * A brand message's delivery state: 'sugerida' (waiting for approval), 'enviando' (claimed, being
 * sent), 'enviada' (the network accepted it; widget answers are 'enviada'), 'error' (refused:
 * `error` says why), 'descartada' (the owner discarded the suggestion). Customer messages have none.
 */
export const INBOX_MESSAGE_STATES = ['sugerida', 'enviando', 'enviada', 'error', 'descartada'] as const;
export type InboxMessageState = (typeof INBOX_MESSAGE_STATES)[number];
export const INBOX_MESSAGE_STATE_LABELS: Readonly<Record<InboxMessageState, string>> = {
  sugerida: 'Sugerencia de la IA',
  enviando: 'Enviando…',
  enviada: 'Enviada',
  error: 'No enviada',
  descartada: 'Descartada',
};

/** Meta's standard messaging window: a page may answer a DM this long after the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Networks whose DMs have the reply window (comments and Telegram have none). */
export const WINDOW_NETWORKS: readonly InboxNetwork[] = ['facebook', 'instagram'];

/**
 * Longest reply each network accepts, characters (Messenger 2000, Instagram 1000, Telegram 4096;
 * comments 8000 on Facebook, 2200 on Instagram, 10000 on YouTube: comments.insert refuses longer
 * text with `commentTextTooLong`; YouTube has no DMs, its `dm` entry is never used).
 */
export const REPLY_MAX_LENGTH: Readonly<Record<InboxNetwork, Record<ConversationKind, number>>> = {
  facebook: { dm: 2000, comment: 8000 },
  instagram: { dm: 1000, comment: 2200 },
  telegram: { dm: 4096, comment: 4096 },
  youtube: { dm: 10000, comment: 10000 },
};
/** Longest reply the owner can type in Bandeja (the network's own limit is checked too). */
export const MAX_INBOX_REPLY_LENGTH = 2000;
/** Longest hand-off message, characters; longest topic list entry and most topics. */
export const MAX_HANDOFF_LENGTH = 500;
export const MAX_HUMAN_TOPICS = 20;
export const MAX_HUMAN_TOPIC_LENGTH = 60;
/** Longest search text of the inbox. */
export const MAX_INBOX_SEARCH_LENGTH = 100;
/** Conversations listed at most (newest activity first). */
export const MAX_LISTED_CONVERSATIONS = 200;
/** Messages of one conversation shown at most (the newest). */
export const MAX_THREAD_MESSAGES = 500;

/** `HH:mm`, 00:00 to 23:59. */
const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Days are ISO weekdays: 1 = lunes … 7 = domingo. */
export const WEEKDAY_LABELS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

/** Spanish messages of Bandeja, its rules and its server. */
export const INBOX_MSG = {
  title: 'Bandeja de mensajes',
  empty: 'Aún no hay conversaciones. Cuando alguien escriba a tu marca en el chat de la web, por mensaje privado o en un comentario de una red conectada, aparecerá aquí.',
  noMatches: 'Ninguna conversación coincide con la búsqueda o el filtro.',
  conversationNotFound: 'Conversación no encontrada.',
  messageNotFound: 'Mensaje no encontrado.',
  missingConversation: 'Falta la conversación.',
  missingMessage: 'Falta el mensaje.',
  replyRequired: 'Escribe la respuesta.',
  replyTooLong: (max: number) => `La respuesta es demasiado larga (máximo ${max} caracteres).`,
  searchTooLong: `La búsqueda es demasiado larga (máximo ${MAX_INBOX_SEARCH_LENGTH} caracteres).`,
  invalidNetwork: 'Red no válida para la bandeja.',
  invalidState: 'Estado de conversación no válido.',
  invalidMode: 'Modo de respuesta no válido.',
  invalidHours: 'El horario debe tener días y horas HH:mm, y la hora de inicio debe ser anterior a la de fin.',
  handoffTooLong: `El mensaje de derivación admite como máximo ${MAX_HANDOFF_LENGTH} caracteres.`,
  handoffRequired: 'Escribe el mensaje de derivación.',
  topicsInvalid: `Indica como máximo ${MAX_HUMAN_TOPICS} temas de hasta ${MAX_HUMAN_TOPIC_LENGTH} caracteres.`,
  widgetReadOnly: 'Las conversaciones del chat de la web se responden en directo desde el widget; aquí solo puedes leerlas.',
  notSuggestion: 'Ese mensaje ya no es una sugerencia pendiente.',
  outsideWindow: (network: string) => `Han pasado más de 24 horas desde el último mensaje del cliente: ${network} ya no permite responder a este mensaje privado.`,
  notConnected: (network: string) => `${network} no está conectado. Reconéctalo en Redes Sociales para responder.`,
  sendFailed: (network: string, reason: string) => `${network} no aceptó la respuesta: ${reason}`,
  replySent: 'Respuesta enviada.',
  suggestionDiscarded: 'Sugerencia descartada.',
  rulesSaved: 'Reglas de la bandeja guardadas.',
  defaultHandoff: 'Gracias por escribirnos. Una persona del equipo te responderá lo antes posible.',
  /** The hand-off message outside business hours: the owner's text, then the hours. */
  handoffWithHours: (handoff: string, hours: string) => `${handoff} Nuestro horario de atención es ${hours}.`,
  /** Label of AI replies made without a model (honest offline provider). */
  offlineLabel: 'Respondido sin conexión: sin modelo de IA',
  /** Label of messages from the twin's sandbox networks. */
  sandboxLabel: 'Red de pruebas',
  /** The consent line a lead from a conversation records (the person wrote to the brand and gave the data). */
  leadConsent: (channel: string) => `Datos facilitados por la persona en una conversación con la marca por ${channel}.`,
  /** The person of a widget conversation, and of a network one whose name the network did not give. */
  widgetVisitor: 'Visitante web',
  unknownCustomer: 'Cliente',
  /** Reasons of INBOX_MSG.sendFailed. */
  reasonRejected: 'rechazó el mensaje (revisa su longitud y que la persona siga disponible).',
  reasonUnavailable: 'no respondió. Inténtalo de nuevo en unos minutos.',
  /** The stored text of a message that carried only attachments (photo, audio, sticker…): shown, never answered by the AI. */
  attachment: '[adjunto]',
} as const;

/** Business hours in the brand's time zone: the ISO weekdays, from `from` to `to` (HH:mm, same day). */
export const BusinessHoursSchema = z
  .object({
    days: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(z.minLength(1), z.maxLength(7)),
    from: z.string().check(z.regex(HHMM)),
    to: z.string().check(z.regex(HHMM)),
  })
  .check(z.refine((hours) => hours.from < hours.to && new Set(hours.days).size === hours.days.length, INBOX_MSG.invalidHours));
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/** The owner's inbox rules (see the module header). */
export const InboxRulesSchema = z.object({
  modes: z.object({
    facebook: z.enum(INBOX_MODES, { error: INBOX_MSG.invalidMode }),
    instagram: z.enum(INBOX_MODES, { error: INBOX_MSG.invalidMode }),
    telegram: z.enum(INBOX_MODES, { error: INBOX_MSG.invalidMode }),
    // Joined later: rules sent or stored without it take the default mode.
    youtube: z._default(z.enum(INBOX_MODES, { error: INBOX_MSG.invalidMode }), DEFAULT_INBOX_MODE),
  }),
  businessHours: z.nullable(BusinessHoursSchema),
  handoffMessage: z.string({ error: INBOX_MSG.handoffRequired }).check(z.trim(), z.minLength(1, INBOX_MSG.handoffRequired), z.maxLength(MAX_HANDOFF_LENGTH, INBOX_MSG.handoffTooLong)),
  humanTopics: z
    .array(z.string().check(z.trim(), z.minLength(1, INBOX_MSG.topicsInvalid), z.maxLength(MAX_HUMAN_TOPIC_LENGTH, INBOX_MSG.topicsInvalid)), { error: INBOX_MSG.topicsInvalid })
    .check(z.maxLength(MAX_HUMAN_TOPICS, INBOX_MSG.topicsInvalid)),
});
export type InboxRules = z.infer<typeof InboxRulesSchema>;

/** The rules of a brand that never saved any. */
export const DEFAULT_INBOX_RULES: InboxRules = {
  modes: { facebook: DEFAULT_INBOX_MODE, instagram: DEFAULT_INBOX_MODE, telegram: DEFAULT_INBOX_MODE, youtube: DEFAULT_INBOX_MODE },
  businessHours: null,
  handoffMessage: INBOX_MSG.defaultHandoff,
  humanTopics: [],
};

/** 'de lunes a viernes de 09:00 a 18:00' (days listed, consecutive runs joined with "a"). */
export function describeBusinessHours(hours: BusinessHours): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const label = (day: number) => WEEKDAY_LABELS[day - 1] ?? '';
  const parts = runs.map((run) => (run.length >= 3 ? `de ${label(run[0] ?? 1)} a ${label(run.at(-1) ?? 1)}` : run.map(label).join(' y ')));
  const dayText = parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
  return `${dayText.startsWith('de ') ? '' : 'los '}${dayText} de ${hours.from} a ${hours.to}`;
}

/** A conversation as the inbox lists it. */
export const ConversationSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  kind: z.enum(CONVERSATION_KINDS),
  /** The person's name (or handle) as the network gives it; 'Visitante web' for the widget. */
  customerName: z.string(),
  /** The page, account or bot that received it (its name at the time). */
  accountName: z.optional(z.string()),
  /** Comments: the post commented on (its text, clipped). */
  postPreview: z.optional(z.string()),
  state: z.enum(CONVERSATION_STATES),
  /** Customer messages not yet read by the owner. */
  unread: z.number(),
  /** The newest message, clipped to 120 characters, and its author. */
  lastMessage: z.string(),
  lastAuthor: z.enum(INBOX_AUTHORS),
  /** ISO 8601 of the newest message (the list's order). */
  lastMessageAt: z.string(),
  /** The lead this conversation produced or updated. */
  leadId: z.optional(z.string()),
  /** True when the network is the twin's "Red de pruebas". */
  sandbox: z.boolean(),
  /** Whether the owner can answer here (networks yes, widget no). */
  canReply: z.boolean(),
  /** DMs with a window: until when (ISO 8601) a reply is still accepted; absent when no window applies. */
  replyUntil: z.optional(z.string()),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** One message of a conversation, oldest first. */
export const InboxMessageSchema = z.object({
  id: z.string(),
  author: z.enum(INBOX_AUTHORS),
  text: z.string(),
  /** ISO 8601: when it was written (customer: the network's timestamp). */
  createdAt: z.string(),
  /** Brand messages: their delivery state. */
  state: z.optional(z.enum(INBOX_MESSAGE_STATES)),
  /** Why it was not sent (Spanish). */
  error: z.optional(z.string()),
  /** AI messages written without a model (labelled INBOX_MSG.offlineLabel). */
  offline: z.optional(z.boolean()),
  /** AI messages: the hand-off message rather than an answer. */
  handoff: z.optional(z.boolean()),
  /** ISO 8601 of the send, when sent. */
  sentAt: z.optional(z.string()),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

/** The inbox filter: every field optional. */
export interface ConversationFilter {
  channel?: ConversationChannel;
  state?: ConversationState;
  search?: string;
}

/**
 * Whether `conversation` passes `filter`: its channel and state, and every word of the search in
 * the person's name or the last message (case- and accent-insensitive, shared/leads.ts rule).
 */
export function conversationMatches(conversation: Pick<ConversationSummary, 'channel' | 'state' | 'customerName' | 'lastMessage'>, filter: ConversationFilter): boolean {
  if (filter.channel && conversation.channel !== filter.channel) return false;
  if (filter.state && conversation.state !== filter.state) return false;
  const words = normalizeSearchText(filter.search ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${normalizeSearchText(conversation.customerName)} ${normalizeSearchText(conversation.lastMessage)}`;
  return words.every((word) => haystack.includes(word));
}
