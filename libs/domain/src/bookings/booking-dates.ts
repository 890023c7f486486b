/**
 * Booking dates: calendar days `YYYY-MM-DD` in the marketplace's time zone, and the rules that make one
 * bookable for a professional. Pure: "now" and the zone are always parameters, so tests move the clock.
 */
import { DAYS, type Day } from '../constants';

/** A calendar date `YYYY-MM-DD` (see `isIsoDate`). */
export type IsoDate = string;

export const BOOKING_DEFAULTS = {
  timeZone: 'America/Argentina/Buenos_Aires',
  minLeadHours: 24,
  horizonDays: 60,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Indexed by JavaScript's getUTCDay (0 = Sunday): the spec's names, plus Sunday for labels only. */
const WEEKDAY_NAMES = ['domingo', ...DAYS] as const;
const MONTH_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date written `YYYY-MM-DD` (zero-padded): '2026-02-30' and '2026-2-3' are not. */
export function isIsoDate(text: unknown): text is IsoDate {
  if (typeof text !== 'string') return false;
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function checkedIso(iso: IsoDate, what: string): IsoDate {
  if (!isIsoDate(iso)) throw new RangeError(`${what}: "${iso}" no es una fecha AAAA-MM-DD válida`);
  return iso;
}

/** Days since 1970-01-01 (the date as a UTC midnight): whole-day arithmetic with no zone involved. */
function dayNumber(iso: IsoDate): number {
  const [year, month, day] = iso.split('-').map(Number);
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day); // setUTCFullYear, unlike Date.UTC, keeps years below 100 as written
  return Math.round(midnight.getTime() / DAY_MS);
}

function fromDayNumber(days: number): IsoDate {
  const date = new Date(days * DAY_MS);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/**
 * The date of a day number by integer arithmetic alone (the proleptic Gregorian calendar's "civil from days"): the
 * same as `fromDayNumber`, without a Date per day, for loops over a whole horizon. Years 1–9999 only.
 */
function isoOfDayNumber(days: number): IsoDate {
  const shifted = days + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153); // March = 0
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`addDays: ${days} no es una cantidad entera de días`);
  const result = fromDayNumber(dayNumber(checkedIso(iso, 'addDays')) + days);
  return checkedIso(result, 'addDays');
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(checkedIso(to, 'daysBetween')) - dayNumber(checkedIso(from, 'daysBetween'));
}

const weekdayIndex = (iso: IsoDate): number => new Date(dayNumber(iso) * DAY_MS).getUTCDay();

/** The spec's weekday name of a date ('lunes' … 'sabado'); null on Sunday, which is never a working day. */
export function weekdayOf(iso: IsoDate): Day | null {
  const index = weekdayIndex(checkedIso(iso, 'weekdayOf'));
  return index === 0 ? null : DAYS[index - 1];
}

/** The spec's day label plus the date, as every screen and mail shows a booked day: "lunes 7 dic". */
export function dateLabel(iso: IsoDate): string {
  checkedIso(iso, 'dateLabel');
  const [, month, day] = iso.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekdayIndex(iso)]} ${day} ${MONTH_SHORT[month - 1]}`;
}

// --- Time zones (Intl only: no dependency, the zone data comes with Node's ICU) ---

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is far dearer than using it); an unknown zone throws RangeError. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Recent answers of `wallClockAsUtc` per zone and second: a request asks for the same few seconds several times. */
const wallClocks = new Map<string, number>();
const WALL_CLOCKS_KEPT = 512;

/** The wall clock of `timeZone` at instant `ms`, written as if it were UTC (whole seconds). */
function wallClockAsUtc(ms: number, timeZone: string): number {
  // The answer depends on the second only; formatToParts is the dearest step of listing a horizon's dates.
  const key = `${timeZone}|${Math.floor(ms / 1000)}`;
  const known = wallClocks.get(key);
  if (known !== undefined) return known;
  const wall = wallClockOfSecond(ms, timeZone);
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear();
  wallClocks.set(key, wall);
  return wall;
}

function wallClockOfSecond(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of zoneFormat(timeZone).formatToParts(ms)) parts[type] = value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall.getTime();
}

/** The zone's offset from UTC at instant `ms`, in ms (Buenos Aires: -3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallClockAsUtc(wholeSecond, timeZone) - wholeSecond;
}

function instant(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`${String(now)} no es un instante válido`);
  return ms;
}

/** The calendar date in `timeZone` at instant `now`. */
export function todayIn(now: Date | number, timeZone: string = BOOKING_DEFAULTS.timeZone): IsoDate {
  return fromDayNumber(Math.floor(wallClockAsUtc(instant(now), timeZone) / DAY_MS));
}

/**
 * The instant (epoch ms) the date begins in `timeZone`: its first local midnight, or, where a clock change skips
 * midnight (Argentina's summer time began at 00:00 in 2007–2009), the first instant that is already that date.
 */
export function startOfDateIn(iso: IsoDate, timeZone: string = BOOKING_DEFAULTS.timeZone): number {
  const midnightAsUtc = dayNumber(checkedIso(iso, 'startOfDateIn')) * DAY_MS;
  // Offsets span UTC-12…UTC+14, so the day begins within this window; at most one clock change falls inside it.
  const offsets = new Set([offsetAt(midnightAsUtc - 14 * HOUR_MS, timeZone), offsetAt(midnightAsUtc + 12 * HOUR_MS, timeZone)]);
  const candidates = [...offsets].map((offset) => midnightAsUtc - offset);
  const midnights = candidates.filter((ms) => wallClockAsUtc(ms, timeZone) === midnightAsUtc);
  if (midnights.length > 0) return Math.min(...midnights); // a clock set back over midnight shows it twice
  // Midnight skipped: the clock jumped from the old offset's midnight, so the day begins at that change (every such
  // jump in the tz database, 1970–2030, starts exactly at midnight: none begins the evening before).
  return Math.max(...candidates);
}

// --- Bookability ---

/** What decides whether a professional's date can be booked now. */
export interface BookingDateRules {
  now: Date | number;
  /** The marketplace's IANA zone; BOOKING_DEFAULTS.timeZone when absent. */
  timeZone?: string;
  /** How far ahead of now the date must begin (BOOKING_MIN_LEAD_HOURS). */
  minLeadHours?: number;
  /** The furthest date, in days after today in the zone (BOOKING_HORIZON_DAYS). */
  horizonDays?: number;
  /** The professional's weekly availability: the spec's weekday names. */
  availableDays: readonly Day[];
  /** Dates the professional blocked (vacations). */
  blocked: ReadonlySet<IsoDate> | readonly IsoDate[];
  /** Dates held or booked by anyone else. */
  taken: ReadonlySet<IsoDate> | readonly IsoDate[];
  /** First date `bookableDates` lists (default today). */
  from?: IsoDate;
  /** Last date `bookableDates` lists (default the horizon's end). */
  to?: IsoDate;
}

/** Why a date cannot be booked, from the first rule it breaks in this order. */
export const BOOKING_DATE_REFUSALS = ['invalid', 'unavailable_weekday', 'too_soon', 'beyond_horizon', 'blocked', 'taken'] as const;
export type BookingDateRefusal = (typeof BOOKING_DATE_REFUSALS)[number];

/** The rules with defaults applied and checked once, so listing 60 dates does the work once. */
interface ResolvedRules {
  nowMs: number;
  timeZone: string;
  leadMs: number;
  today: IsoDate;
  /** The date in which the lead time ends: later dates begin after it, earlier ones before it. */
  leadEndDate: IsoDate;
  lastDate: IsoDate;
  availableDays: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  taken: ReadonlySet<string>;
}

function resolve(rules: BookingDateRules): ResolvedRules {
  const { minLeadHours = BOOKING_DEFAULTS.minLeadHours, horizonDays = BOOKING_DEFAULTS.horizonDays } = rules;
  if (!Number.isFinite(minLeadHours) || minLeadHours < 0) {
    throw new RangeError(`minLeadHours: ${minLeadHours} no es una cantidad de horas válida`);
  }
  if (!Number.isSafeInteger(horizonDays) || horizonDays < 0) {
    throw new RangeError(`horizonDays: ${horizonDays} no es una cantidad entera de días`);
  }
  const nowMs = instant(rules.now);
  const timeZone = rules.timeZone ?? BOOKING_DEFAULTS.timeZone;
  const today = todayIn(nowMs, timeZone);
  return {
    nowMs,
    timeZone,
    leadMs: minLeadHours * HOUR_MS,
    today,
    leadEndDate: todayIn(nowMs + minLeadHours * HOUR_MS, timeZone),
    lastDate: addDays(today, horizonDays),
    availableDays: new Set(rules.availableDays),
    blocked: new Set(rules.blocked),
    taken: new Set(rules.taken),
  };
}

function refusalOf(date: unknown, rules: ResolvedRules): BookingDateRefusal | null {
  if (!isIsoDate(date)) return 'invalid';
  return refusalOfValid(date, dayNumber(date), rules);
}

/** `refusalOf` for a date known to be valid, with its day number (listing 60 dates skips re-parsing each). */
function refusalOfValid(date: IsoDate, day: number, rules: ResolvedRules): BookingDateRefusal | null {
  // 1970-01-01 (day 0) was a Thursday; index 0 is Sunday, as in getUTCDay.
  const index = (((day + 4) % 7) + 7) % 7;
  if (index === 0 || !rules.availableDays.has(DAYS[index - 1])) return 'unavailable_weekday';
  // Only the date in which the lead time ends needs the zone arithmetic: every earlier date began before that
  // instant (too soon), every later one begins after it (dates are consecutive intervals).
  if (date < rules.leadEndDate) return 'too_soon';
  if (date === rules.leadEndDate && startOfDateIn(date, rules.timeZone) - rules.nowMs < rules.leadMs) return 'too_soon';
  if (date > rules.lastDate) return 'beyond_horizon';
  if (rules.blocked.has(date)) return 'blocked';
  if (rules.taken.has(date)) return 'taken';
  return null;
}

/** Why `date` cannot be booked under `rules`, or null when it can. */
export function whyNotBookable(date: unknown, rules: BookingDateRules): BookingDateRefusal | null {
  return refusalOf(date, resolve(rules));
}

export function isBookable(date: unknown, rules: BookingDateRules): date is IsoDate {
  return whyNotBookable(date, rules) === null;
}

/**
 * The bookable dates in order, within [from, to] clipped to today … the horizon (the date picker and
 * `GET /home/professionals/{id}/availability`). An invalid `from` or `to` throws RangeError.
 */
export function bookableDates(rules: BookingDateRules): IsoDate[] {
  const resolved = resolve(rules);
  const from = rules.from === undefined ? resolved.today : checkedIso(rules.from, 'bookableDates from');
  const to = rules.to === undefined ? resolved.lastDate : checkedIso(rules.to, 'bookableDates to');
  const first = from > resolved.today ? from : resolved.today;
  const last = to < resolved.lastDate ? to : resolved.lastDate;
  const dates: IsoDate[] = [];
  const lastDay = dayNumber(last);
  for (let day = dayNumber(first); day <= lastDay; day += 1) {
    const date = isoOfDayNumber(day);
    if (refusalOfValid(date, day, resolved) === null) dates.push(date);
  }
  return dates;
}

/**
 * The next bookable date of a weekday: how the API maps the spec's weekday names that older clients still send in
 * `days: ['lunes']`. Null when that weekday has no bookable date before the horizon (or is not a spec weekday).
 */
export function nextBookableDateOf(weekday: Day, rules: BookingDateRules): IsoDate | null {
  if (!(DAYS as readonly string[]).includes(weekday)) return null;
  return bookableDates(rules).find((date) => weekdayOf(date) === weekday) ?? null;
}

/** What a refusal message names: the professional, the date as asked, and the settings it quotes. */
export interface BookingDateMessageContext {
  professional: string;
  date: string;
  minLeadHours?: number;
  horizonDays?: number;
}

/** What the date picker, the cart and checkout tell a person, in Spanish, for each refusal. */
export const BOOKING_DATE_MESSAGES: Record<BookingDateRefusal, (context: BookingDateMessageContext) => string> = {
  invalid: ({ professional, date }) => `La fecha «${date}» no es válida para reservar a ${professional}`,
  unavailable_weekday: ({ professional, date }) => `${professional} no trabaja el ${dateLabel(date)}`,
  too_soon: ({ professional, date, minLeadHours = BOOKING_DEFAULTS.minLeadHours }) =>
    `Ya no se puede reservar a ${professional} para el ${dateLabel(date)}: ` +
    `las reservas se hacen con al menos ${minLeadHours} horas de anticipación`,
  beyond_horizon: ({ professional, date, horizonDays = BOOKING_DEFAULTS.horizonDays }) =>
    `Todavía no se puede reservar a ${professional} para el ${dateLabel(date)}: ` + `las reservas se abren hasta ${horizonDays} días antes`,
  blocked: ({ professional, date }) => `${professional} no está disponible el ${dateLabel(date)}`,
  taken: ({ professional, date }) => `${professional} ya no tiene libre el ${dateLabel(date)}`,
};
