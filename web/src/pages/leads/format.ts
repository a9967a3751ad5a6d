/** Dates of the leads page, in Spanish: '5 may 2026, 12:00' for a lead, '12:00' for a chat line. */
const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('es-ES', { timeStyle: 'short' });

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
}

export const formatDate = (iso: string): string => format(iso, dateFormat);
export const formatTime = (iso: string): string => format(iso, timeFormat);

/**
 * The link of a lead's e-mail or phone contact (issue 16 finding 6), or null to show it as text.
 * The contact is the visitor's own typing: an address is percent-encoded whole (only `@` kept),
 * so `?cc=`, `&bcc=`, `#`, `%0A` and line breaks stay inside the address instead of adding mailto
 * parameters or headers; one with spaces, commas or semicolons (several recipients) gets no link.
 * A phone keeps only its digits and `+`.
 */
export function contactHref(contactType: 'email' | 'phone', contact: string): string | null {
  if (contactType === 'phone') {
    const digits = contact.replace(/[^\d+]/gu, '');
    return digits === '' ? null : `tel:${digits}`;
  }
  const address = contact.trim();
  if (address === '' || /[\s,;]/u.test(address)) return null;
  return `mailto:${encodeURIComponent(address).replaceAll('%40', '@')}`;
}
