/**
 * Gestión de Leads (spec sections 2 'leads', 3 'Lead'; issue 6 item 2): what the browser sees of a
 * lead and of its conversation transcript, the Spanish messages of the page and the server, and
 * the one search rule both apply (the server in `listarLeads`, the page while the owner types):
 * name and contact, case- and accent-insensitive, every word of the query must match.
 * Its messages live here rather than in MSG so the login screen's bundle does not carry them.
 */
import * as z from 'zod/mini';
import { LEAD_CONTACT_TYPES, LEAD_SOURCES, LEAD_STATUSES, type LeadStatus } from './entities/lead';
import { AttributionSchema } from './links';

/** Lead ids: what the server generates (time-ordered, lower-case letters and digits). */
export const LEAD_ID_PATTERN = /^[a-z0-9]{20}$/;
/** Longest search text accepted, characters. */
export const MAX_LEAD_SEARCH_LENGTH = 100;

/** Who wrote a transcript line: the visitor (or the network's customer), the brand's assistant, or the owner from Bandeja (issue 14). */
export const TRANSCRIPT_ROLES = ['visitor', 'assistant', 'owner'] as const;
export type TranscriptRole = (typeof TRANSCRIPT_ROLES)[number];
export const TRANSCRIPT_ROLE_LABELS: Readonly<Record<TranscriptRole, string>> = { visitor: 'Visitante', assistant: 'Asistente', owner: 'Tú' };

/** A lead as the owner sees it. */
export const LeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** An email address or a phone number, as the visitor gave it; or their profile on a network (contactType 'profile'). */
  contact: z.string(),
  contactType: z.enum(LEAD_CONTACT_TYPES),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  /** The conversation it came from (its transcript), when there is one. */
  conversationId: z.optional(z.string()),
  /**
   * Issue 14: every channel the person reached the brand through, first one first (`source`), and
   * the Bandeja conversations linked to the lead (the same person on a second channel is merged
   * into one lead when the email or phone matches). Absent on leads from before Bandeja.
   */
  channels: z.optional(z.array(z.enum(LEAD_SOURCES))),
  conversationIds: z.optional(z.array(z.string())),
  /** Issue 15 item 4: the post, article or campaign (and network) that brought the person, from the widget's visit. */
  attribution: z.optional(AttributionSchema),
  /** The consent sentence the visitor accepted, and when (ISO 8601). */
  consentText: z.string(),
  consentAt: z.string(),
  /** ISO 8601, set by the server. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** One line of a conversation transcript, oldest first. */
export const TranscriptMessageSchema = z.object({
  role: z.enum(TRANSCRIPT_ROLES),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessageSchema>;

/** Spanish messages of the leads page and functions. */
export const LEADS_MSG = {
  invalidStatus: 'Estado de lead no válido.',
  missingLead: 'Falta el lead.',
  searchTooLong: `La búsqueda es demasiado larga (máximo ${MAX_LEAD_SEARCH_LENGTH} caracteres).`,
  leadNotFound: 'Lead no encontrado.',
  statusSaved: (name: string, status: LeadStatus) => `${name}: estado cambiado a ${status}.`,
  leadDeleted: 'Lead eliminado junto con su conversación.',
  noLeads: 'Aún no tienes leads. Cuando un visitante deje su nombre y contacto en el chat de tu web, aparecerá aquí.',
  noMatches: 'Ningún lead coincide con la búsqueda o el filtro.',
  noTranscript: 'Este lead no tiene conversación guardada.',
  csvExported: (rows: number) => `CSV exportado (${rows} ${rows === 1 ? 'lead' : 'leads'}).`,
} as const;

/**
 * Text as the search compares it: accents and other combining marks removed (NFD), lower case,
 * runs of whitespace collapsed, trimmed. 'José  PÉREZ' → 'jose perez'.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LeadFilter {
  status?: LeadStatus;
  search?: string;
}

/**
 * Whether `lead` passes `filter`: its status, and every word of the search in its name or contact
 * (a phone number also matches by its digits alone: '600123' finds '+34 600 123 456').
 */
export function leadMatches(lead: Pick<Lead, 'name' | 'contact' | 'status'>, filter: LeadFilter): boolean {
  if (filter.status && lead.status !== filter.status) return false;
  const words = normalizeSearchText(filter.search ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${normalizeSearchText(lead.name)} ${normalizeSearchText(lead.contact)} ${lead.contact.replace(/\D+/g, '')}`;
  return words.every((word) => haystack.includes(word));
}

/** The leads that pass `filter`, in their order. */
export function filterLeads<T extends Pick<Lead, 'name' | 'contact' | 'status'>>(leads: readonly T[], filter: LeadFilter): T[] {
  return leads.filter((lead) => leadMatches(lead, filter));
}
