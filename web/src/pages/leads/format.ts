/** Dates of the leads page, in Spanish: '5 may 2026, 12:00' for a lead, '12:00' for a chat line. */
const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('es-ES', { timeStyle: 'short' });

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
}

export const formatDate = (iso: string): string => format(iso, dateFormat);
export const formatTime = (iso: string): string => format(iso, timeFormat);
