/**
 * Calendar date logic of the Plan de Contenidos (spec section 2 'calendario'; issue 5 item 1),
 * pure and independent of the runtime's locale and time zone:
 * - months are 'YYYY-MM' and dates 'YYYY-MM-DD' *calendar dates*: they are never parsed as
 *   instants (`new Date('2025-03-01')` is midnight UTC, the previous evening in America), so a
 *   post dated the 1st is on the 1st everywhere; weekdays and month lengths come from UTC
 *   arithmetic on the numbers;
 * - the month grid starts on Sunday (spec), with Spanish month and day names from constants
 *   (not `Intl`, whose output depends on the runtime's locale data);
 * - previous/next month cross year boundaries; leap years follow the Gregorian rule;
 * - `todayIso(now)` is the date of an instant in the *local* zone of the runtime (the browser's),
 *   which is what "today" means to the person looking at the calendar.
 */

/** Spanish month names, January first. */
export const MONTH_NAMES_ES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;
/** Spanish day names, Sunday first (the grid's first column). */
export const DAY_NAMES_ES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;
/** Short Spanish day names for the grid's header, Sunday first. */
export const DAY_SHORT_NAMES_ES = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'] as const;

/** 'YYYY-MM' (month 01–12). */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** 'YYYY-MM-DD' shape (validity of the day is checked by `parseIsoDate`). */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years the calendar accepts (keeps every date four digits and far from Date's limits). */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

export interface YearMonth {
  year: number;
  /** 1–12. */
  month: number;
}

export interface CalendarDate extends YearMonth {
  /** 1–31. */
  day: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const pad4 = (n: number) => String(n).padStart(4, '0');

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM' → {year, month}, or null when it is not a month. */
export function parseMonth(value: string): YearMonth | null {
  const match = MONTH_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return { year, month: Number(match[2]) };
}

export function isMonth(value: string): boolean {
  return parseMonth(value) !== null;
}

export function formatMonth({ year, month }: YearMonth): string {
  return `${pad4(year)}-${pad2(month)}`;
}

/** 'YYYY-MM-DD' → its parts, or null when it is not a real calendar date (e.g. '2025-02-29'). */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
}

function requireMonth(value: string): YearMonth {
  const parsed = parseMonth(value);
  if (!parsed) throw new RangeError(`Not a month: ${value}`);
  return parsed;
}

function requireDate(value: string): CalendarDate {
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Not a calendar date: ${value}`);
  return parsed;
}

/** The month `delta` months after `month` (negative: before), across year boundaries. */
export function addMonths(month: string, delta: number): string {
  const { year, month: m } = requireMonth(month);
  const index = year * 12 + (m - 1) + delta;
  return formatMonth({ year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 });
}

export const previousMonth = (month: string) => addMonths(month, -1);
export const nextMonth = (month: string) => addMonths(month, 1);

/** The month a date belongs to ('2025-03-05' → '2025-03'). */
export function monthOf(date: string): string {
  const { year, month } = requireDate(date);
  return formatMonth({ year, month });
}

/** First and last date of a month. */
export function monthRange(month: string): { first: string; last: string } {
  const { year, month: m } = requireMonth(month);
  return { first: formatIsoDate({ year, month: m, day: 1 }), last: formatIsoDate({ year, month: m, day: daysInMonth(year, m) }) };
}

/** The date of day `day` of `month` (clamped to the month's length). */
export function dateInMonth(month: string, day: number): string {
  const { year, month: m } = requireMonth(month);
  return formatIsoDate({ year, month: m, day: Math.min(Math.max(1, Math.trunc(day)), daysInMonth(year, m)) });
}

/** Whether `date` is a calendar date of `month`. */
export function isDateInMonth(date: string, month: string): boolean {
  const parsed = parseIsoDate(date);
  return parsed !== null && formatMonth(parsed) === month;
}

/** Day of the week of a date, 0 = Sunday … 6 = Saturday (UTC arithmetic on the numbers). */
export function dayOfWeek(date: string): number {
  const { year, month, day } = requireDate(date);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  return utc.getUTCDay();
}

/** The date `days` days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = requireDate(date);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day + days);
  return formatIsoDate({ year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() });
}

/** One cell of the month grid: a date of the month, or null for the padding before/after it. */
export type GridCell = { date: string; day: number } | null;

/**
 * The month as weeks of seven cells, Sunday first: the 1st sits under its weekday, cells before
 * it and after the last day are null. 4–6 weeks.
 */
export function monthGrid(month: string): GridCell[][] {
  const { year, month: m } = requireMonth(month);
  const lead = dayOfWeek(formatIsoDate({ year, month: m, day: 1 }));
  const total = daysInMonth(year, m);
  const cells: GridCell[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= total; day += 1) cells.push({ date: formatIsoDate({ year, month: m, day }), day });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: GridCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'Marzo 2025'. */
export function monthLabel(month: string): string {
  const { year, month: m } = requireMonth(month);
  return `${MONTH_NAMES_ES[m - 1]} ${year}`;
}

/** 'miércoles, 5 de marzo de 2025'. */
export function longDateLabel(date: string): string {
  const { year, month, day } = requireDate(date);
  return `${(DAY_NAMES_ES[dayOfWeek(date)] as string).toLowerCase()}, ${day} de ${(MONTH_NAMES_ES[month - 1] as string).toLowerCase()} de ${year}`;
}

/** The calendar date of instant `now` in the runtime's local time zone (the browser's). */
export function todayIso(now: Date = new Date()): string {
  return formatIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** The calendar date of instant `now` in UTC (what servers use). */
export function utcDateIso(now: Date): string {
  return formatIsoDate({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });
}

/** The month of `todayIso(now)`. */
export function currentMonth(now: Date = new Date()): string {
  return monthOf(todayIso(now));
}
