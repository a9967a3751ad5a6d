/**
 * The new-lead notice's words (issue 6 item 2), in Spanish: subject 'Nuevo lead: {name}' and a
 * plain-text body with the lead's name, contact, source and date, pointing the owner to the
 * 'Leads' page of the dashboard (with its address when the deployment knows it: env SITE_URL).
 * What the visitor typed only ever lands in plain text (see platform/mail/message.ts), trimmed
 * to a sensible length and stripped of control characters.
 */
import { LEAD_SOURCE_LABELS, SITE_URL_ENV, type LeadContactType, type LeadSource } from '@director-ia/shared';
import { cleanLine } from '../../platform/mail/message';

/** Longest name in the subject, and longest value in the body, characters. */
const SUBJECT_NAME_MAX = 80;
const VALUE_MAX = 300;
/** The time zone the dates of the notice are written in (a Spanish product). */
export const NOTICE_TIME_ZONE = 'Europe/Madrid';

export interface NewLeadFields {
  name: string;
  contact: string;
  contactType: LeadContactType;
  source: LeadSource;
  /** ISO 8601. */
  createdAt: string;
}

export interface NoticeText {
  subject: string;
  text: string;
}

const CONTACT_LABELS: Readonly<Record<LeadContactType, string>> = { email: 'correo electrónico', phone: 'teléfono', profile: 'perfil en la red' };

function clip(text: string, max: number): string {
  const clean = cleanLine(text);
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** 'martes, 5 de mayo de 2026, 12:00' in Madrid time; the raw value if it is not a date. */
export function noticeDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return clip(iso, 40);
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short', timeZone: NOTICE_TIME_ZONE }).format(date);
}

/** A dashboard address fit for a link: http(s) only, else none. */
export function dashboardUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Subject and body of the notice for `lead`. */
export function newLeadNotice(lead: NewLeadFields, siteUrl = dashboardUrl(process.env[SITE_URL_ENV])): NoticeText {
  const name = clip(lead.name, VALUE_MAX) || 'Sin nombre';
  const where = siteUrl ? `la sección «Leads» de tu panel de Director IA: ${siteUrl}` : 'la sección «Leads» de tu panel de Director IA.';
  const text = [
    'Tienes un nuevo lead.',
    '',
    `Nombre: ${name}`,
    `Contacto: ${clip(lead.contact, VALUE_MAX)} (${CONTACT_LABELS[lead.contactType]})`,
    `Fuente: ${LEAD_SOURCE_LABELS[lead.source]}`,
    `Fecha: ${noticeDate(lead.createdAt)}`,
    '',
    `Para cambiar su estado o leer la conversación, abre ${where}`,
    '',
    '—',
    'Director IA · Este aviso se envía con la cuenta de Gmail que conectaste en Integraciones.',
  ].join('\n');
  return { subject: `Nuevo lead: ${clip(lead.name, SUBJECT_NAME_MAX) || 'Sin nombre'}`, text };
}
