/**
 * The website chat widget `/widget/{uid}` (issue 6 item 1; spec sections 2 "Modals", 9 "Widget
 * frame 350x500"): its abuse limits, the email-or-phone rule of the contact field and the
 * messages of the payload checks: what the contract's schemas need. The web (before sending) and
 * the server (before doing anything) apply the same rules. The consent sentence and the other
 * messages are in widgetMessages.ts.
 *
 * Abuse limits (all enforced server-side; over one → 429 RESOURCE_EXHAUSTED or 400, nothing stored):
 * - a visitor message is at most WIDGET_LIMITS.maxMessageLength characters (400);
 * - a conversation holds at most WIDGET_LIMITS.maxVisitorMessages visitor messages (429);
 * - each source IP may send WIDGET_LIMITS.ipSendsPerMinute messages or contact forms per minute,
 *   and load the widget WIDGET_LIMITS.ipLoadsPerMinute times per minute (429);
 * - each brand answers WIDGET_LIMITS.brandSendsPerMinute messages or contact forms per minute (429);
 * - each brand gives at most DEFAULT_WIDGET_DAILY_ANSWERS (widgetMessages.ts) AI answers per UTC
 *   day unless the deployment sets env WIDGET_DAILY_ANSWER_QUOTA (429);
 * - each brand stores at most DEFAULT_WIDGET_DAILY_LEADS (widgetMessages.ts) new leads per UTC day
 *   unless the deployment sets env WIDGET_DAILY_LEAD_QUOTA (429; issue 16 finding 1).
 * Messages live here rather than in MSG so the login screen's bundle does not carry them.
 */
import type { LeadContactType } from './entities/lead';

export const WIDGET_LIMITS = {
  /** Longest visitor message, characters (after trimming). */
  maxMessageLength: 400,
  /** Visitor messages one conversation may hold (each gets one answer). */
  maxVisitorMessages: 20,
  /** Messages and contact forms one source IP may send per minute (all brands together). */
  ipSendsPerMinute: 20,
  /** Widget loads (obtenerWidget) one source IP may make per minute. */
  ipLoadsPerMinute: 60,
  /** Messages and contact forms one brand may receive per minute (all visitors together). */
  brandSendsPerMinute: 60,
  /** Longest visitor name and contact, characters. */
  maxNameLength: 100,
  maxContactLength: 254,
} as const;

const notAvailable = 'Este chat no está disponible en este momento. Disculpa las molestias.';
const messageRequired = 'Escribe tu mensaje.';
const messageTooLong = (max: number) => `El mensaje es demasiado largo (máximo ${max} caracteres).`;
const conversationNotFound = 'Esta conversación ya no está disponible. Recarga el chat para empezar de nuevo.';
const nameRequired = 'Escribe tu nombre.';
const nameTooLong = (max: number) => `El nombre es demasiado largo (máximo ${max} caracteres).`;
const contactInvalid = 'Escribe un email o un teléfono válido.';
const consentRequired = 'Para guardar tus datos necesitamos que aceptes su tratamiento.';

/** Messages of the widget payloads' limits (the contract's schemas carry them, so this stays small). */
export const WIDGET_INPUT_MSG = { notAvailable, messageRequired, messageTooLong, conversationNotFound, nameRequired, nameTooLong, contactInvalid, consentRequired } as const;

// Local part without spaces, quotes or the characters RFC 5322 reserves; a domain of dot-separated
// labels (letters, digits, inner hyphens) ending in a letters-only TLD.
const EMAIL = /^[^\s@"<>(),;:\\[\]]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;
/** A phone: optional leading +, then 7 to 15 digits (E.164), with spaces, dots, dashes and parentheses allowed between. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/**
 * The visitor's contact as an email or a phone, tidied (trimmed; email domain lower-cased; runs
 * of spaces in a phone collapsed, so '+34 600 123 456' stays readable), or null when it is neither.
 */
export function classifyContact(raw: string): { type: LeadContactType; value: string } | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > WIDGET_LIMITS.maxContactLength) return null;
  if (text.includes('@')) {
    if (!EMAIL.test(text)) return null;
    const at = text.lastIndexOf('@');
    return { type: 'email', value: `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}` };
  }
  if (!PHONE_CHARS.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return { type: 'phone', value: text.replace(/\s+/g, ' ') };
}
