/**
 * Calendar dates in the mobile chat (issue 6 item 3): reading a date or a month out of a Spanish
 * request ("el 15 de marzo", "mañana", "el viernes", "15/3", "2026-03-15", "el mes que viene")
 * for the offline intent detection, and writing them back in Spanish ("15 de marzo de 2026").
 * Dates are calendar days `YYYY-MM-DD` (as scheduled posts store them); "today" is the UTC day of
 * `now` (the server does not know the owner's time zone).
 */
import { addDays, utcDateIso } from '@director-ia/shared';
import { normalizeSpanish } from '../../platform/ai/offline/spanish';

export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC day `days` after `now`'s. */
const daysAfter = (now: Date, days: number) => addDays(utcDateIso(now), days);

/** Whether y-m-d is a real calendar day. */
function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A day without a year: this year's, or next year's when this year's has passed. */
function upcoming(now: Date, m: number, d: number, year?: number): string | null {
  const today = utcDateIso(now);
  if (year !== undefined) return validDay(year, m, d) ? `${year}-${pad(m)}-${pad(d)}` : null;
  const y = now.getUTCFullYear();
  if (validDay(y, m, d) && `${y}-${pad(m)}-${pad(d)}` >= today) return `${y}-${pad(m)}-${pad(d)}`;
  return validDay(y + 1, m, d) ? `${y + 1}-${pad(m)}-${pad(d)}` : null;
}

const fullYear = (y: string | undefined) => (y === undefined ? undefined : y.length === 2 ? 2000 + Number(y) : Number(y));

/** The first calendar day a Spanish request names, or null (see the module header). */
export function parseSpanishDate(text: string, now: Date): string | null {
  const t = normalizeSpanish(text, { keepPunctuation: true });
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(t);
  if (iso && validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return iso[0];
  const months = MONTH_NAMES.join('|').replace('septiembre', 'septiembre|setiembre');
  const named = new RegExp(`\\b(\\d{1,2}) de (${months})(?: (?:de|del) (\\d{4}))?\\b`).exec(t);
  if (named) {
    const month = named[2] === 'setiembre' ? 9 : MONTH_NAMES.indexOf(named[2] as (typeof MONTH_NAMES)[number]) + 1;
    return upcoming(now, month, Number(named[1]), fullYear(named[3]));
  }
  const numeric = /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}|\d{2}))?\b/.exec(t);
  if (numeric) return upcoming(now, Number(numeric[2]), Number(numeric[1]), fullYear(numeric[3]));
  if (/\bpasado manana\b/.test(t)) return daysAfter(now, 2);
  if (/\bmanana\b/.test(t) && !/\b(por|de|esta) la manana\b/.test(t)) return daysAfter(now, 1);
  if (/\bhoy\b/.test(t)) return daysAfter(now, 0);
  const weekday = new RegExp(`\\b(${WEEKDAYS.join('|')})\\b`).exec(t);
  if (weekday) {
    const target = WEEKDAYS.indexOf(weekday[1] as (typeof WEEKDAYS)[number]);
    const ahead = ((target - now.getUTCDay() + 7) % 7) || 7;
    return daysAfter(now, ahead);
  }
  const dayOnly = /\b(?:el )?dia (\d{1,2})\b/.exec(t);
  if (dayOnly) {
    const d = Number(dayOnly[1]);
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    const thisMonth = validDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
    if (thisMonth && thisMonth >= utcDateIso(now)) return thisMonth;
    const next = new Date(Date.UTC(y, m, 1));
    return validDay(next.getUTCFullYear(), next.getUTCMonth() + 1, d) ? `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(d)}` : null;
  }
  return null;
}

/** The month (`YYYY-MM`) a Spanish request names; `now`'s month when it names none. */
export function parseSpanishMonth(text: string, now: Date): string {
  const t = normalizeSpanish(text, { keepPunctuation: true });
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const explicit = /\b(\d{4})-(\d{2})\b/.exec(t);
  if (explicit && Number(explicit[2]) >= 1 && Number(explicit[2]) <= 12) return `${explicit[1]}-${explicit[2]}`;
  if (/\b(mes que viene|proximo mes|siguiente mes|mes siguiente|mes proximo)\b/.test(t)) {
    const next = new Date(Date.UTC(y, m, 1));
    return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}`;
  }
  if (/\b(mes pasado|mes anterior)\b/.test(t)) {
    const previous = new Date(Date.UTC(y, m - 2, 1));
    return `${previous.getUTCFullYear()}-${pad(previous.getUTCMonth() + 1)}`;
  }
  const named = new RegExp(`\\b(${MONTH_NAMES.join('|')}|setiembre)\\b(?: (?:de|del) (\\d{4}))?`).exec(t);
  if (named) {
    const month = named[1] === 'setiembre' ? 9 : MONTH_NAMES.indexOf(named[1] as (typeof MONTH_NAMES)[number]) + 1;
    return `${named[2] ?? y}-${pad(month)}`;
  }
  return `${y}-${pad(m)}`;
}

/** "15 de marzo de 2026" for `2026-03-15` (the value itself when it is not a day). */
export function spanishDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return `${Number(match[3])} de ${MONTH_NAMES[Number(match[2]) - 1] ?? match[2]} de ${match[1]}`;
}

/** "marzo de 2026" for `2026-03`. */
export function spanishMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return `${MONTH_NAMES[Number(match[2]) - 1] ?? match[2]} de ${match[1]}`;
}
