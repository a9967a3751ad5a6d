/** Dates of the leads page in Spanish ('5 may 2026, 12:00', '12:00'), and '—' for what is not a date. */
import { describe, expect, it } from 'vitest';
import { contactHref, formatDate, formatTime } from '../../../../../../web/src/pages/leads/format';

describe('leads dates', () => {
  it('formats a lead date and a chat time in es-ES', () => {
    const iso = '2026-05-05T10:00:00Z';
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
    expect(formatDate(iso)).toMatch(/2026/);
    expect(formatTime(iso)).toMatch(/^\d{1,2}:\d{2}$/);
  });

  it("shows '—' for an invalid date", () => {
    expect(formatDate('nunca')).toBe('—');
    expect(formatTime('')).toBe('—');
  });
});

describe('contactHref (issue 16 finding 6)', () => {
  it('links a plain address and a phone', () => {
    expect(contactHref('email', 'ana@example.com')).toBe('mailto:ana@example.com');
    expect(contactHref('phone', '+34 600 12-34-56')).toBe('tel:+34600123456');
  });

  it.each([
    'ana@example.com?cc=otro@malo.com',
    'ana@example.com?bcc=otro@malo.com&subject=hola',
    'ana@example.com&bcc=otro@malo.com',
    'ana@example.com?body=a%0D%0ABcc:otro@malo.com',
    'ana@example.com#x?cc=otro@malo.com',
  ])('keeps %s one recipient with no mailto parameter', (contact) => {
    const href = contactHref('email', contact);
    expect(href).not.toBeNull();
    const url = new URL(href!);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(contact);
  });

  it.each(['ana@example.com\nbcc: otro@malo.com', 'ana@example.com,otro@malo.com', 'ana@example.com; otro@malo.com', '  '])('does not link %j', (contact) => {
    expect(contactHref('email', contact)).toBeNull();
  });

  it('does not link a phone without digits', () => {
    expect(contactHref('phone', 'llámame')).toBeNull();
  });
});
