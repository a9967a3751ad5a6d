/**
 * Post times and the brand's time zone (shared/time.ts; issue 13 item 1): `publishInstant` turns a
 * post's local date and 'HH:mm' in the brand's zone into its UTC instant with the stated
 * daylight-saving rules — a skipped time moves forward to the first valid minute, a repeated one
 * takes its first occurrence — in Europe/Madrid both ways, the Canary Islands, the southern
 * hemisphere (Sydney, Santiago de Chile), a half-hour zone and a skipped day; whatever the
 * runtime's own zone; `localDateTime` is its inverse. Also: the time and zone checks, the networks'
 * default times, how a post and a zone are labelled, and the zone choices of Constructor IA.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_POST_TIMES,
  DEFAULT_TIME_ZONE,
  defaultPostTime,
  isPostTime,
  isTimeZone,
  LATIN_AMERICA_TIME_ZONES,
  localDateTime,
  postTimeOf,
  postWhenLabel,
  publishInstant,
  SOCIAL_NETWORKS,
  SPAIN_TIME_ZONES,
  timeZoneGroups,
  timeZoneLabel,
} from '@director-ia/shared';

/** [zone, date, time, expected instant, what the case is]. */
const CASES: [string, string, string, string, string][] = [
  // Europe/Madrid: CET (+1) in winter, CEST (+2) from the last Sunday of March 02:00 to the last Sunday of October 03:00.
  ['Europe/Madrid', '2027-01-15', '19:00', '2027-01-15T18:00:00.000Z', 'winter (+1)'],
  ['Europe/Madrid', '2027-05-12', '19:00', '2027-05-12T17:00:00.000Z', 'summer (+2)'],
  ['Europe/Madrid', '2027-03-28', '01:59', '2027-03-28T00:59:00.000Z', 'the minute before the gap'],
  ['Europe/Madrid', '2027-03-28', '02:00', '2027-03-28T01:00:00.000Z', 'spring forward: 02:00 does not exist → 03:00'],
  ['Europe/Madrid', '2027-03-28', '02:30', '2027-03-28T01:00:00.000Z', 'spring forward: 02:30 does not exist → 03:00'],
  ['Europe/Madrid', '2027-03-28', '02:59', '2027-03-28T01:00:00.000Z', 'spring forward: 02:59 does not exist → 03:00'],
  ['Europe/Madrid', '2027-03-28', '03:00', '2027-03-28T01:00:00.000Z', 'the first valid minute itself'],
  ['Europe/Madrid', '2027-10-31', '01:59', '2027-10-30T23:59:00.000Z', 'before the repeated hour'],
  ['Europe/Madrid', '2027-10-31', '02:00', '2027-10-31T00:00:00.000Z', 'fall back: 02:00 twice → the first (CEST)'],
  ['Europe/Madrid', '2027-10-31', '02:30', '2027-10-31T00:30:00.000Z', 'fall back: 02:30 twice → the first (CEST)'],
  ['Europe/Madrid', '2027-10-31', '03:00', '2027-10-31T02:00:00.000Z', 'after the repeated hour (CET)'],
  // Atlantic/Canary: an hour behind the peninsula, changing at 01:00 local (the same instant).
  ['Atlantic/Canary', '2027-01-15', '19:00', '2027-01-15T19:00:00.000Z', 'Canarias in winter (+0)'],
  ['Atlantic/Canary', '2027-05-12', '19:00', '2027-05-12T18:00:00.000Z', 'Canarias in summer (+1)'],
  ['Atlantic/Canary', '2027-03-28', '01:30', '2027-03-28T01:00:00.000Z', 'Canarias spring forward → 02:00'],
  ['Atlantic/Canary', '2027-10-31', '01:30', '2027-10-31T00:30:00.000Z', 'Canarias fall back → the first'],
  // Australia/Sydney: southern hemisphere, summer time from October to April.
  ['Australia/Sydney', '2027-01-15', '19:00', '2027-01-15T08:00:00.000Z', 'Sydney in (southern) summer (+11)'],
  ['Australia/Sydney', '2027-07-15', '19:00', '2027-07-15T09:00:00.000Z', 'Sydney in (southern) winter (+10)'],
  ['Australia/Sydney', '2027-10-03', '02:30', '2027-10-02T16:00:00.000Z', 'Sydney spring forward in October → 03:00'],
  ['Australia/Sydney', '2027-04-04', '02:30', '2027-04-03T15:30:00.000Z', 'Sydney fall back in April → the first'],
  // America/Santiago: the change happens at midnight, so the skipped and repeated times straddle days.
  ['America/Santiago', '2027-09-05', '00:30', '2027-09-05T04:00:00.000Z', 'Santiago spring forward at midnight → 01:00'],
  ['America/Santiago', '2027-04-03', '23:30', '2027-04-04T02:30:00.000Z', 'Santiago fall back to Saturday 23:00 → the first'],
  // America/St_Johns: a half-hour offset.
  ['America/St_Johns', '2027-03-14', '02:30', '2027-03-14T05:30:00.000Z', 'Newfoundland spring forward → 03:00'],
  // Pacific/Apia skipped 30 December 2011 whole: the first valid minute is the next midnight.
  ['Pacific/Apia', '2011-12-30', '10:00', '2011-12-30T10:00:00.000Z', 'a skipped day → the next midnight'],
  ['UTC', '2027-03-28', '02:30', '2027-03-28T02:30:00.000Z', 'UTC has no changes'],
];

const runtimeZone = process.env.TZ;
afterEach(() => {
  if (runtimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = runtimeZone;
});

describe('publishInstant', () => {
  it.each(CASES)('%s %s %s → %s (%s)', (zone, date, time, expected) => {
    expect(publishInstant(date, time, zone)).toBe(expected);
  });

  it.each([
    ['UTC', 0],
    ['Europe/Madrid', -60],
    ['America/New_York', 300],
    ['Asia/Tokyo', -540],
    ['Australia/Lord_Howe', -660],
  ])('gives the same instants when the runtime runs in %s', (runtime, januaryOffset) => {
    // Node re-reads TZ when it is assigned. The library's wall-clock constructor picks one
    // occurrence of a repeated time or the other depending on it; these rules must not.
    process.env.TZ = runtime;
    expect(new Date(Date.UTC(2027, 0, 15, 12)).getTimezoneOffset()).toBe(januaryOffset);
    for (const [zone, date, time, expected] of CASES) expect(publishInstant(date, time, zone)).toBe(expected);
  });

  it('refuses a date, a time or a zone that is not one, with a RangeError', () => {
    expect(() => publishInstant('2027-02-30', '10:00', 'Europe/Madrid')).toThrow(RangeError);
    expect(() => publishInstant('2027-02-03', '24:00', 'Europe/Madrid')).toThrow(RangeError);
    expect(() => publishInstant('2027-02-03', '9:00', 'Europe/Madrid')).toThrow(RangeError);
    expect(() => publishInstant('2027-02-03', '10:00', 'Europe/Atlantis')).toThrow(RangeError);
    expect(() => publishInstant('2027-02-03', '10:00', '+01:00')).toThrow(RangeError);
  });

  it('round-trips through localDateTime for every time that exists, and skipped ones land on the first valid minute after them', () => {
    const zones = ['Europe/Madrid', 'Atlantic/Canary', 'Australia/Sydney', 'America/Santiago', 'America/St_Johns', 'America/Mexico_City'];
    // Dates around the changes of 2027 and any other day of 2026–2028.
    const day = fc.oneof(
      fc.constantFrom('2027-03-28', '2027-10-31', '2027-04-03', '2027-04-04', '2027-09-05', '2027-10-03', '2027-03-14', '2027-11-07'),
      fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
    const time = fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) }).map(({ h, m }) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.constantFrom(...zones), day, time, (zone, date, hhmm) => {
        const instant = publishInstant(date, hhmm, zone);
        const back = localDateTime(instant, zone);
        if (back.date === date && back.time === hhmm) {
          // It existed: no earlier instant shows the same wall clock (the first occurrence).
          const hourBefore = localDateTime(new Date(Date.parse(instant) - 3_600_000), zone);
          const halfBefore = localDateTime(new Date(Date.parse(instant) - 1_800_000), zone);
          return !(hourBefore.date === date && hourBefore.time === hhmm) && !(halfBefore.date === date && halfBefore.time === hhmm);
        }
        // It was skipped: the answer is later on the clock, and the minute before the answer is before the asked time.
        const minuteBefore = localDateTime(new Date(Date.parse(instant) - 60_000), zone);
        return `${back.date} ${back.time}` > `${date} ${hhmm}` && `${minuteBefore.date} ${minuteBefore.time}` < `${date} ${hhmm}`;
      }),
      { numRuns: 400 },
    );
  });
});

describe('localDateTime', () => {
  it('shows an instant in the brand zone', () => {
    expect(localDateTime('2027-05-12T17:00:00.000Z', 'Europe/Madrid')).toEqual({ date: '2027-05-12', time: '19:00' });
    expect(localDateTime(new Date('2027-05-12T17:00:00.000Z'), 'Atlantic/Canary')).toEqual({ date: '2027-05-12', time: '18:00' });
    expect(localDateTime('2027-05-12T23:30:00.000Z', 'Australia/Sydney')).toEqual({ date: '2027-05-13', time: '09:30' });
    expect(localDateTime('2027-10-31T00:30:00.000Z', 'Europe/Madrid')).toEqual({ date: '2027-10-31', time: '02:30' });
    expect(localDateTime('2027-10-31T01:30:00.000Z', 'Europe/Madrid')).toEqual({ date: '2027-10-31', time: '02:30' });
  });

  it('refuses an instant or a zone that is not one', () => {
    expect(() => localDateTime('mañana', 'Europe/Madrid')).toThrow(RangeError);
    expect(() => localDateTime('2027-05-12T17:00:00.000Z', 'Madrid')).toThrow(RangeError);
  });
});

describe('times and zones', () => {
  it('a post time is HH:mm in 24 h', () => {
    for (const ok of ['00:00', '09:05', '19:00', '23:59']) expect(isPostTime(ok)).toBe(true);
    for (const bad of ['24:00', '9:05', '19:60', '19:00:00', '7pm', '', ' 19:00']) expect(isPostTime(bad)).toBe(false);
  });

  it('a zone is an IANA id Intl knows', () => {
    for (const ok of ['Europe/Madrid', 'Atlantic/Canary', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC', 'America/Port-au-Prince']) expect(isTimeZone(ok)).toBe(true);
    for (const bad of ['Europe/Atlantis', 'Madrid', '+01:00', 'GMT+1', '', 'Europe/Madrid ', `Europe/${'x'.repeat(80)}`]) expect(isTimeZone(bad)).toBe(false);
  });

  it('every network has a default time, and those times are valid; an unknown network gets mid-morning', () => {
    expect(Object.keys(DEFAULT_POST_TIMES).sort()).toEqual([...SOCIAL_NETWORKS].sort());
    expect(Object.values(DEFAULT_POST_TIMES).every(isPostTime)).toBe(true);
    expect(DEFAULT_POST_TIMES).toMatchObject({ instagram: '19:00', linkedin: '09:00' });
    expect(defaultPostTime('linkedin')).toBe('09:00');
    expect(defaultPostTime('myspace')).toBe('10:00');
  });

  it("a post without a valid time reads as its network's default", () => {
    expect(postTimeOf({ platform: 'instagram' })).toBe('19:00');
    expect(postTimeOf({ platform: 'instagram', time: '08:15' })).toBe('08:15');
    expect(postTimeOf({ platform: 'linkedin', time: 'tarde' })).toBe('09:00');
  });

  it("labels a post's date and time, and the brand zone", () => {
    expect(postWhenLabel('2027-05-12', '19:00')).toBe('12 de mayo · 19:00');
    expect(postWhenLabel('2027-01-01', '09:05')).toBe('1 de enero · 09:05');
    expect(() => postWhenLabel('2027-02-30', '10:00')).toThrow(RangeError);
    expect(timeZoneLabel('Europe/Madrid')).toBe('Hora de Madrid (Europe/Madrid)');
    expect(timeZoneLabel('Atlantic/Canary')).toBe('Hora de Canarias (Atlantic/Canary)');
    expect(timeZoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Madrid');
  });

  it('offers Spain, then Latin America, then every other zone (UTC first), each zone once, the stored one included', () => {
    const groups = timeZoneGroups('Antarctica/Troll', ['Europe/Madrid', 'Asia/Tokyo', 'America/Lima', 'Africa/Abidjan']);
    expect(groups.map((g) => g.label)).toEqual(['España', 'Latinoamérica', 'Otras zonas']);
    expect(groups[0]?.options).toEqual([
      { id: 'Europe/Madrid', label: 'Madrid (Europe/Madrid)' },
      { id: 'Atlantic/Canary', label: 'Canarias (Atlantic/Canary)' },
    ]);
    expect(groups[1]?.options.map((o) => o.id)).toEqual(LATIN_AMERICA_TIME_ZONES.map((z) => z.id));
    expect(groups[2]?.options.map((o) => o.id)).toEqual(['UTC', 'Africa/Abidjan', 'Antarctica/Troll', 'Asia/Tokyo']);
    const all = timeZoneGroups().flatMap((g) => g.options.map((o) => o.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(300);
    // Every zone offered is one the server accepts.
    expect(all.filter((zone) => !isTimeZone(zone))).toEqual([]);
    expect([...SPAIN_TIME_ZONES, ...LATIN_AMERICA_TIME_ZONES].every((z) => isTimeZone(z.id))).toBe(true);
  });
});
