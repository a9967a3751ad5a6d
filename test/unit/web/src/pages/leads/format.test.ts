/** Dates of the leads page in Spanish ('5 may 2026, 12:00', '12:00'), and '—' for what is not a date. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '../../../../../../web/src/pages/leads/format';

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
