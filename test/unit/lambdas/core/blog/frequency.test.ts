/**
 * Frequency → next due time of the scheduled blog drafts (issue 5 item 3; lambdas/core/blog/frequency.ts):
 * the first slot strictly after a time, per frequency, across week, month and year boundaries,
 * leap years and the exact slot instant; every answer is a slot of its frequency, in the future.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOG_FREQUENCIES, type BlogFrequency } from '@director-ia/shared';
import { DRAFT_HOUR_UTC, nextDueAfter } from '../../../../../lambdas/core/blog/frequency';

const next = (frequency: BlogFrequency, iso: string) => nextDueAfter(frequency, new Date(iso)).toISOString();

describe('nextDueAfter', () => {
  it.each([
    // 2025-06-02 is a Monday.
    ['1 artículo por semana', '2025-06-01T12:00:00.000Z', '2025-06-02T08:00:00.000Z'],
    ['1 artículo por semana', '2025-06-02T07:59:59.999Z', '2025-06-02T08:00:00.000Z'],
    ['1 artículo por semana', '2025-06-02T08:00:00.000Z', '2025-06-09T08:00:00.000Z'],
    ['1 artículo por semana', '2025-06-02T08:00:00.001Z', '2025-06-09T08:00:00.000Z'],
    ['1 artículo por semana', '2025-06-04T23:30:00.000Z', '2025-06-09T08:00:00.000Z'],
    ['1 artículo por semana', '2025-12-30T10:00:00.000Z', '2026-01-05T08:00:00.000Z'],
    ['1 artículo por semana', '2024-02-27T09:00:00.000Z', '2024-03-04T08:00:00.000Z'],
    ['2 artículos al mes', '2025-06-01T07:00:00.000Z', '2025-06-01T08:00:00.000Z'],
    ['2 artículos al mes', '2025-06-01T08:00:00.000Z', '2025-06-15T08:00:00.000Z'],
    ['2 artículos al mes', '2025-06-14T23:59:59.000Z', '2025-06-15T08:00:00.000Z'],
    ['2 artículos al mes', '2025-06-15T08:00:00.000Z', '2025-07-01T08:00:00.000Z'],
    ['2 artículos al mes', '2025-12-20T00:00:00.000Z', '2026-01-01T08:00:00.000Z'],
    ['2 artículos al mes', '2024-02-29T12:00:00.000Z', '2024-03-01T08:00:00.000Z'],
    ['1 artículo al mes', '2025-06-01T07:59:00.000Z', '2025-06-01T08:00:00.000Z'],
    ['1 artículo al mes', '2025-06-01T08:00:00.000Z', '2025-07-01T08:00:00.000Z'],
    ['1 artículo al mes', '2025-01-31T22:00:00.000Z', '2025-02-01T08:00:00.000Z'],
    ['1 artículo al mes', '2025-12-01T08:00:00.000Z', '2026-01-01T08:00:00.000Z'],
    ['1 artículo al mes', '2024-02-29T23:59:59.999Z', '2024-03-01T08:00:00.000Z'],
  ] as const)('%s after %s → %s', (frequency, after, expected) => {
    expect(next(frequency, after)).toBe(expected);
  });

  it('drafts once after a long gap: the next slot after now, not the missed ones', () => {
    expect(next('1 artículo por semana', '2025-09-17T10:00:00.000Z')).toBe('2025-09-22T08:00:00.000Z');
  });

  it('ignores the server time zone (slots are UTC)', () => {
    // 09:30 in Madrid is 07:30 UTC: the 08:00 UTC slot of that day is still ahead.
    expect(nextDueAfter('1 artículo al mes', new Date('2025-06-01T09:30:00+02:00')).toISOString()).toBe('2025-06-01T08:00:00.000Z');
    expect(nextDueAfter('1 artículo al mes', new Date('2025-06-01T10:30:00+02:00')).toISOString()).toBe('2025-07-01T08:00:00.000Z');
  });

  it('refuses an invalid date', () => {
    expect(() => nextDueAfter('1 artículo al mes', new Date('nope'))).toThrow(RangeError);
  });

  it('always answers a slot of the frequency, strictly later and within its period', () => {
    const maxGapDays: Record<BlogFrequency, number> = { '1 artículo por semana': 7, '2 artículos al mes': 17, '1 artículo al mes': 31 };
    fc.assert(
      fc.property(
        fc.constantFrom(...BLOG_FREQUENCIES),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (frequency, after) => {
          const due = nextDueAfter(frequency, after);
          expect(due.getTime()).toBeGreaterThan(after.getTime());
          expect(due.getTime() - after.getTime()).toBeLessThanOrEqual(maxGapDays[frequency] * 86_400_000);
          expect([due.getUTCHours(), due.getUTCMinutes(), due.getUTCSeconds(), due.getUTCMilliseconds()]).toEqual([DRAFT_HOUR_UTC, 0, 0, 0]);
          if (frequency === '1 artículo por semana') expect(due.getUTCDay()).toBe(1);
          else expect(frequency === '1 artículo al mes' ? [1] : [1, 15]).toContain(due.getUTCDate());
        },
      ),
    );
  });
});
