/**
 * Calendar date logic of the Plan de Contenidos (shared/calendar.ts; spec 2 'calendario', issue 5
 * item 1): Sunday-first month grids, Spanish names, month arithmetic across year boundaries, leap
 * years, and dates as calendar dates in any time zone (a post dated the 1st is on the 1st).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  currentMonth,
  DAY_NAMES_ES,
  DAY_SHORT_NAMES_ES,
  dateInMonth,
  dayOfWeek,
  daysInMonth,
  isDateInMonth,
  isIsoDate,
  isLeapYear,
  isMonth,
  longDateLabel,
  MONTH_NAMES_ES,
  monthGrid,
  monthLabel,
  monthOf,
  monthRange,
  nextMonth,
  previousMonth,
  todayIso,
  utcDateIso,
} from '@director-ia/shared/calendar';

describe('Spanish names', () => {
  it('has the twelve months from Enero and the week from Domingo (Sunday first)', () => {
    expect(MONTH_NAMES_ES).toEqual(['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre']);
    expect(DAY_NAMES_ES).toEqual(['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']);
    expect(DAY_SHORT_NAMES_ES).toEqual(['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']);
  });

  it.each([
    ['2025-03', 'Marzo 2025'],
    ['2024-12', 'Diciembre 2024'],
    ['2026-01', 'Enero 2026'],
  ])('labels %s as %s', (month, label) => {
    expect(monthLabel(month)).toBe(label);
  });

  it('writes a long date in Spanish', () => {
    expect(longDateLabel('2025-03-05')).toBe('miércoles, 5 de marzo de 2025');
    expect(longDateLabel('2024-02-29')).toBe('jueves, 29 de febrero de 2024');
  });
});

describe('months and dates', () => {
  it.each([
    ['2025-01', -1, '2024-12'],
    ['2024-12', 1, '2025-01'],
    ['2025-03', 12, '2026-03'],
    ['2025-03', -15, '2023-12'],
    ['2000-01', -1, '1999-12'],
    ['2099-12', 1, '2100-01'],
  ])('%s %+d months is %s', (month, delta, expected) => {
    expect(addMonths(month, delta)).toBe(expected);
  });

  it('previous and next month cross year boundaries', () => {
    expect(previousMonth('2025-01')).toBe('2024-12');
    expect(nextMonth('2024-12')).toBe('2025-01');
    fc.assert(
      fc.property(fc.integer({ min: 1971, max: 9998 }), fc.integer({ min: 1, max: 12 }), (year, m) => {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        return nextMonth(previousMonth(month)) === month && previousMonth(nextMonth(month)) === month;
      }),
    );
  });

  it.each([
    [2024, true],
    [2025, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('leap year %i: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 2)).toBe(leap ? 29 : 28);
    expect(isIsoDate(`${year}-02-29`)).toBe(leap);
  });

  it.each([
    ['2025-01', 31],
    ['2025-04', 30],
    ['2025-02', 28],
    ['2024-02', 29],
    ['2025-12', 31],
  ])('%s has %i days and its range ends on that day', (month, days) => {
    expect(monthRange(month)).toEqual({ first: `${month}-01`, last: `${month}-${days}` });
  });

  it.each(['2025-13', '2025-00', '25-03', '2025-3', '2025-03-01', '', 'marzo'])('%j is not a month', (value) => {
    expect(isMonth(value)).toBe(false);
  });

  it.each(['2025-02-29', '2025-04-31', '2025-00-10', '2025-01-32', '2025-1-5', '2025-01-05T00:00:00Z', ''])('%j is not a calendar date', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it('knows which month a date belongs to', () => {
    expect(monthOf('2025-03-31')).toBe('2025-03');
    expect(isDateInMonth('2025-03-01', '2025-03')).toBe(true);
    expect(isDateInMonth('2025-04-01', '2025-03')).toBe(false);
    expect(isDateInMonth('2025-02-29', '2025-02')).toBe(false);
    expect(dateInMonth('2025-02', 31)).toBe('2025-02-28');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });
});

describe('month grid (Sunday first)', () => {
  it.each([
    // month, weekday of the 1st (0 = Sunday), weeks
    ['2025-06', 0, 5], // June 2025 starts on a Sunday
    ['2025-03', 6, 6], // March 2025 starts on a Saturday: 31 days over six weeks
    ['2026-02', 0, 4], // February 2026: Sunday the 1st, 28 days, exactly four weeks
    ['2024-02', 4, 5], // leap February 2024 starts on a Thursday
    ['2025-01', 3, 5],
    ['2024-12', 0, 5],
  ])('%s: the 1st under weekday %i, %i weeks', (month, weekday, weeks) => {
    const grid = monthGrid(month);
    expect(grid).toHaveLength(weeks);
    for (const week of grid) expect(week).toHaveLength(7);
    const cells = grid.flat();
    expect(cells.findIndex((c) => c?.day === 1)).toBe(weekday);
    expect(cells.slice(0, weekday).every((c) => c === null)).toBe(true);
    const days = cells.filter((c) => c !== null);
    const { last } = monthRange(month);
    expect(days.map((c) => c.date)).toEqual(Array.from({ length: Number(last.slice(8)) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`));
    expect(dayOfWeek(`${month}-01`)).toBe(weekday);
  });

  it('puts every day under its weekday for any month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2200 }), fc.integer({ min: 1, max: 12 }), (year, m) => {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        const grid = monthGrid(month);
        return grid.every((week) =>
          week.every((cell, column) => cell === null || (column === new Date(Date.UTC(year, m - 1, cell.day)).getUTCDay() && cell.date === `${month}-${String(cell.day).padStart(2, '0')}`)),
        );
      }),
    );
  });
});

describe('time zones: dates are calendar dates, today is local', () => {
  const zones = ['UTC', 'Europe/Madrid', 'America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo'];

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each(zones)('in %s a date dated the 1st stays on the 1st and weekdays do not shift', (zone) => {
    vi.stubEnv('TZ', zone);
    expect(monthGrid('2025-03').flat().find((c) => c?.date === '2025-03-01')?.day).toBe(1);
    expect(dayOfWeek('2025-03-01')).toBe(6);
    expect(monthOf('2025-03-01')).toBe('2025-03');
    expect(isDateInMonth('2025-03-01', '2025-03')).toBe(true);
    expect(longDateLabel('2025-03-01')).toBe('sábado, 1 de marzo de 2025');
    // What naive parsing would get wrong west of UTC: new Date('2025-03-01') is the evening of Feb 28 there.
    expect(addDays('2025-03-01', 0)).toBe('2025-03-01');
  });

  it.each([
    // instant, zone, local date (today), UTC date
    ['2025-03-01T05:00:00Z', 'America/Los_Angeles', '2025-02-28', '2025-03-01'],
    ['2025-02-28T20:00:00Z', 'Pacific/Kiritimati', '2025-03-01', '2025-02-28'],
    ['2024-12-31T23:30:00Z', 'Europe/Madrid', '2025-01-01', '2024-12-31'],
    ['2025-03-01T00:30:00Z', 'UTC', '2025-03-01', '2025-03-01'],
  ])('at %s in %s today is %s (UTC date %s)', (instant, zone, local, utc) => {
    vi.stubEnv('TZ', zone);
    const now = new Date(instant);
    expect(todayIso(now)).toBe(local);
    expect(currentMonth(now)).toBe(local.slice(0, 7));
    expect(utcDateIso(now)).toBe(utc);
  });
});
