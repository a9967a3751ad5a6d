/**
 * When a post goes out (issue 13 item 1, "a post has a time"): a scheduled post carries a local
 * wall-clock time 'HH:mm' (24 h) on its calendar date ('YYYY-MM-DD', shared/calendar.ts), read in
 * the brand's time zone (an IANA id set in Constructor IA, default Europe/Madrid). This module holds
 * - the time and time-zone rules the contract, the server and the web share: `isPostTime`,
 *   `isTimeZone`, the per-network default times (`defaultPostTime`), the zone choices of the
 *   Constructor IA select and how a zone is named on screen (`timeZoneLabel`);
 * - the conversion between a wall-clock time in a zone and the UTC instant it publishes at
 *   (`publishInstant`) and back (`localDateTime`). The zone's rules (offsets, daylight-saving
 *   changes) come from `@date-fns/tz`, which reads the runtime's IANA data through `Intl`; this
 *   module only chooses among the instants the library reports, by the rules stated on
 *   `publishInstant`, so the result never depends on the runtime's own time zone.
 */
import { TZDateMini, tzOffset } from '@date-fns/tz';
import { formatIsoDate, MONTH_NAMES_ES, parseIsoDate } from './calendar';
import { isSocialNetwork, type SocialNetwork } from './networks';

/** The brand's zone until the owner picks one (spec: a Spanish product). */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** Spanish strings of post times and the brand's zone (messages carried by the contract's schemas). */
export const TIME_MSG = {
  timeLabel: 'Hora',
  timeZoneLabel: 'Zona horaria',
  timeInvalid: 'La hora no es válida: usa el formato HH:mm de 24 horas (por ejemplo, 19:00).',
  timeZoneInvalid: 'La zona horaria no es válida: elige una de la lista (por ejemplo, Europe/Madrid).',
} as const;

// ---- Times ----

/** 'HH:mm', 00:00–23:59. */
export const POST_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isPostTime(value: string): boolean {
  return POST_TIME_PATTERN.test(value);
}

/**
 * The time a network's post goes out when nobody chose one: what the monthly plan proposes, and how
 * a post stored before posts had times (spec 3's shape) reads. Local times in the brand's zone,
 * chosen for when each network's audience is usually there (the published engagement studies
 * agree on the broad shape, not the minute; the owner edits any post's time):
 */
export const DEFAULT_POST_TIMES: Readonly<Record<SocialNetwork, string>> = {
  // Lunch break: the day's longest browse of the feed.
  facebook: '13:00',
  // After work: evening scrolling is Instagram's busiest time.
  instagram: '19:00',
  // Midday: news and conversation peak before the afternoon.
  x: '12:00',
  // Start of the working day: a professional network is read at the desk.
  linkedin: '09:00',
  // Late afternoon: the video is indexed and surfacing before the evening viewing peak.
  youtube: '18:00',
  // Evening leisure: short video is watched most after dinner.
  tiktok: '20:00',
  // Night: Pinterest is where people plan (recipes, home, trips) in the evening.
  pinterest: '21:00',
  // Mid-morning: channel updates are read with the first break of the day.
  telegram: '10:00',
};

/** A time for a value that is not a network id (stored as written, spec 2): mid-morning. */
export const FALLBACK_POST_TIME = '10:00';

/** The default time of `platform` (DEFAULT_POST_TIMES), FALLBACK_POST_TIME for an unknown one. */
export function defaultPostTime(platform: string): string {
  return isSocialNetwork(platform) ? DEFAULT_POST_TIMES[platform] : FALLBACK_POST_TIME;
}

/** The time a post reads as: its own when it has a valid one, else its network's default. */
export function postTimeOf(post: { time?: string | undefined; platform: string }): string {
  return post.time !== undefined && isPostTime(post.time) ? post.time : defaultPostTime(post.platform);
}

/** '12 de mayo · 19:00': a post's date (without weekday or year) and time, as screens show it. */
export function postWhenLabel(date: string, time: string): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  return `${parsed.day} de ${(MONTH_NAMES_ES[parsed.month - 1] as string).toLowerCase()} · ${time}`;
}

// ---- Time zones ----

/** An IANA zone id's shape ('Europe/Madrid', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC'); offsets like '+01:00' are not ids. */
const TIME_ZONE_ID = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
/** Longest zone id accepted (the longest IANA id has 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * Whether `value` is an IANA time zone id the runtime's `Intl` knows ('Europe/Madrid': yes;
 * 'Europe/Atlantis', '+01:00', '': no). The server's answer is the one that counts (the contract's
 * schema runs there).
 */
export function isTimeZone(value: string): boolean {
  if (value.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_ID.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A zone offered first in the Constructor IA select, with its Spanish place name. */
export interface TimeZoneChoice {
  id: string;
  /** 'Madrid', 'Canarias'. */
  place: string;
}

/** Spain: the peninsula, the Balearic Islands, Ceuta and Melilla; the Canary Islands an hour behind. */
export const SPAIN_TIME_ZONES: readonly TimeZoneChoice[] = [
  { id: 'Europe/Madrid', place: 'Madrid' },
  { id: 'Atlantic/Canary', place: 'Canarias' },
];

/** Latin America's Spanish-speaking countries, north to south (ids as the runtimes list them). */
export const LATIN_AMERICA_TIME_ZONES: readonly TimeZoneChoice[] = [
  { id: 'America/Tijuana', place: 'Tijuana' },
  { id: 'America/Mexico_City', place: 'Ciudad de México' },
  { id: 'America/Cancun', place: 'Cancún' },
  { id: 'America/Guatemala', place: 'Guatemala' },
  { id: 'America/El_Salvador', place: 'El Salvador' },
  { id: 'America/Tegucigalpa', place: 'Honduras' },
  { id: 'America/Managua', place: 'Nicaragua' },
  { id: 'America/Costa_Rica', place: 'Costa Rica' },
  { id: 'America/Panama', place: 'Panamá' },
  { id: 'America/Havana', place: 'La Habana' },
  { id: 'America/Santo_Domingo', place: 'Santo Domingo' },
  { id: 'America/Puerto_Rico', place: 'Puerto Rico' },
  { id: 'America/Bogota', place: 'Bogotá' },
  { id: 'America/Caracas', place: 'Caracas' },
  { id: 'America/Guayaquil', place: 'Ecuador' },
  { id: 'America/Lima', place: 'Lima' },
  { id: 'America/La_Paz', place: 'La Paz' },
  { id: 'America/Asuncion', place: 'Asunción' },
  { id: 'America/Montevideo', place: 'Montevideo' },
  { id: 'America/Buenos_Aires', place: 'Buenos Aires' },
  { id: 'America/Santiago', place: 'Santiago de Chile' },
];

const PLACES = new Map([...SPAIN_TIME_ZONES, ...LATIN_AMERICA_TIME_ZONES].map((zone) => [zone.id, zone.place]));

/** How screens name the brand's zone: 'Hora de Madrid (Europe/Madrid)' for a zone of the lists above, else the id itself. */
export function timeZoneLabel(zone: string): string {
  const place = PLACES.get(zone);
  return place ? `Hora de ${place} (${zone})` : zone;
}

/** One group of the Constructor IA select. */
export interface TimeZoneGroup {
  label: string;
  options: { id: string; label: string }[];
}

/**
 * The Constructor IA select: 'España', 'Latinoamérica', then 'Otras zonas' — UTC and every other
 * zone of `known` (the runtime's `Intl.supportedValuesOf('timeZone')` by default), alphabetically.
 * `current`, the stored zone, is always offered, even when this runtime does not list it.
 */
export function timeZoneGroups(current?: string, known: readonly string[] = Intl.supportedValuesOf('timeZone')): TimeZoneGroup[] {
  const named = (zones: readonly TimeZoneChoice[]) => zones.map(({ id, place }) => ({ id, label: `${place} (${id})` }));
  const rest = new Set(['UTC', ...known]);
  if (current) rest.add(current);
  for (const id of PLACES.keys()) rest.delete(id);
  const others = [...rest].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b, 'en')));
  return [
    { label: 'España', options: named(SPAIN_TIME_ZONES) },
    { label: 'Latinoamérica', options: named(LATIN_AMERICA_TIME_ZONES) },
    { label: 'Otras zonas', options: others.map((id) => ({ id, label: id })) },
  ];
}

// ---- Wall clock ⇄ instant ----

interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DAY_MS = 86_400_000;
/** Longest span a wall clock can skip (Samoa skipped 30 December 2011 whole), in minutes. */
const LONGEST_GAP_MINUTES = 48 * 60;

const sameWallClock = (a: WallClock, b: WallClock) => a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/** The wall clock of instant `ms` in `timeZone` (the library's reading; independent of the runtime's zone). */
function wallClockAt(ms: number, timeZone: string): WallClock {
  const at = new TZDateMini(ms, timeZone);
  return { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate(), hour: at.getHours(), minute: at.getMinutes() };
}

/** The same fields read as if they were UTC: calendar arithmetic only (no zone). */
const fieldsAsUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

function wallClockPlusMinutes(wall: WallClock, minutes: number): WallClock {
  const moved = new Date(fieldsAsUtc(wall) + minutes * 60_000);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), hour: moved.getUTCHours(), minute: moved.getUTCMinutes() };
}

/**
 * Every instant (ms, ascending) whose wall clock in `timeZone` is `wall`: one on an ordinary
 * day, two in the hour a fall-back repeats, none in the hour a spring-forward skips. The
 * candidates are the wall clock minus each UTC offset the library reports for the zone in the two
 * days around it (one change at most in that span); a candidate counts only if the library reads
 * it back as `wall`.
 */
function occurrences(wall: WallClock, timeZone: string): number[] {
  const fields = fieldsAsUtc(wall);
  const offsets = new Set([-2, 0, 2].map((days) => tzOffset(timeZone, new Date(fields + days * DAY_MS))));
  const found = [...offsets].map((minutes) => fields - Math.round(minutes * 60_000)).filter((ms) => sameWallClock(wallClockAt(ms, timeZone), wall));
  return [...new Set(found)].sort((a, b) => a - b);
}

/**
 * The UTC instant (ISO 8601, 'YYYY-MM-DDTHH:mm:00.000Z') at which a post dated `date`
 * ('YYYY-MM-DD') at `time` ('HH:mm', 24 h) in `timeZone` (an IANA id) goes out. Daylight-saving
 * rules, explicit:
 * - a wall-clock time that does not exist (the hour skipped when clocks spring forward, e.g.
 *   2027-03-28 02:30 in Europe/Madrid) moves forward to the first valid minute after the gap
 *   (03:00 local, 01:00Z): the post goes out as soon as the day reaches its time, never before;
 * - an ambiguous one (the hour repeated when clocks fall back, e.g. 2027-10-31 02:30 in
 *   Europe/Madrid) is its first occurrence (summer time, 00:30Z), so it goes out once, at the
 *   earlier of the two moments the clock shows that time.
 * The result does not depend on the runtime's own time zone.
 * @throws RangeError for a date that is not a calendar date, a time that is not 'HH:mm' or a zone
 *   that is not an IANA id the runtime knows.
 */
export function publishInstant(date: string, time: string, timeZone: string): string {
  const day = parseIsoDate(date);
  const clock = POST_TIME_PATTERN.exec(time);
  if (!day) throw new RangeError(`Not a calendar date: ${date}`);
  if (!clock) throw new RangeError(`Not an HH:mm time: ${time}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const wall: WallClock = { ...day, hour: Number(clock[1]), minute: Number(clock[2]) };
  for (let minutes = 0; minutes <= LONGEST_GAP_MINUTES; minutes += 1) {
    const [first] = occurrences(wallClockPlusMinutes(wall, minutes), timeZone);
    if (first !== undefined) return new Date(first).toISOString();
  }
  throw new RangeError(`No valid time after ${date} ${time} in ${timeZone}`);
}

/**
 * The inverse, for display: the calendar date and 'HH:mm' that instant `instant` (ISO 8601 or a
 * Date) shows in `timeZone`. `localDateTime(publishInstant(d, t, z), z)` is `{date: d, time: t}`
 * for every time that exists; for a skipped one it is the first valid minute after the gap.
 * @throws RangeError for an invalid instant or zone.
 */
export function localDateTime(instant: string | Date, timeZone: string): { date: string; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const wall = wallClockAt(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: formatIsoDate(wall), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}
