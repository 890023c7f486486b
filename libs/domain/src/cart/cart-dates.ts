import { DAYS, type Day } from '../constants';
import {
  nextBookableDateOf,
  weekdayOf,
  whyNotBookable,
  type BookingDateRefusal,
  type BookingDateRules,
  type IsoDate,
} from '../bookings/booking-dates';

/**
 * The dates of a cart line: what choosing, adding and removing them does. Pure; the rules carry "now",
 * the professional's weekdays, its blocked dates and the dates others hold (`taken`).
 */

/** The spec's `days` of a dated line: the weekday names of its dates, in the week's order (as checkout answers them). */
export function daysOfDates(dates: readonly IsoDate[]): Day[] {
  return dates.map((date) => weekdayOf(date) as Day).sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
}

export type AddDateResult = { ok: true; dates: IsoDate[] } | { ok: false; reason: BookingDateRefusal | 'duplicate' };

/** Adds a date to a line's dates (kept ascending): refused when not bookable under `rules` or already chosen. */
export function addDateToLine(dates: readonly IsoDate[], date: string, rules: BookingDateRules): AddDateResult {
  const wanted = date.trim();
  const refusal = whyNotBookable(wanted, rules);
  if (refusal) return { ok: false, reason: refusal };
  if (dates.includes(wanted)) return { ok: false, reason: 'duplicate' };
  return { ok: true, dates: [...dates, wanted].sort() };
}

export type WeekdayDateResult = { ok: true; date: IsoDate } | { ok: false; reason: 'unavailable' | 'no_free_date' };

/**
 * The date a weekday name stands for: its next bookable date, skipping the dates in `skip` (those the line chose
 * already, when the caller adds one more of that weekday). 'unavailable' when the professional does not work that
 * weekday (or it is no spec weekday), 'no_free_date' when none is left before the horizon.
 */
export function dateForWeekday(day: string, rules: BookingDateRules, skip: readonly IsoDate[] = []): WeekdayDateResult {
  const weekday = day.trim().toLowerCase() as Day;
  if (!DAYS.includes(weekday) || !rules.availableDays.includes(weekday)) return { ok: false, reason: 'unavailable' };
  const date = nextBookableDateOf(weekday, { ...rules, taken: [...rules.taken, ...skip] });
  return date ? { ok: true, date } : { ok: false, reason: 'no_free_date' };
}

/** The line's dates without every date of the weekday `day`. */
export function removeWeekday(dates: readonly IsoDate[], day: string): IsoDate[] {
  const unwanted = day.trim().toLowerCase();
  return dates.filter((date) => weekdayOf(date) !== unwanted);
}

/** The Spanish refusal of a weekday with no free date left. */
export function noFreeDateMessage(day: string, professional: string): string {
  return `${professional} no tiene un ${day.trim().toLowerCase()} libre para reservar`;
}
