import { isIsoDate, weekdayOf, type Day, type IsoDate } from '@oficios/domain';

/** What the date rules need of a cart item: its dates and the spec's `days` (the weekday names). */
export interface DatedDays {
  days: Day[];
  /** Ascending; absent on items saved before dates existed. */
  dates?: IsoDate[];
}

export type AddDateResult = { ok: true; dates: IsoDate[]; days: Day[] } | { ok: false; reason: 'duplicate' | 'unavailable' };

const weekdaysOf = (dates: readonly IsoDate[]): Day[] => dates.map((date) => weekdayOf(date)).filter((day): day is Day => day !== null);

/**
 * The item's days that have no date: what a cart saved before dates existed chose ("lunes"), still shown and
 * counted until removed (the server maps each to the next bookable date of that weekday).
 */
export function undatedDays({ days, dates = [] }: DatedDays): Day[] {
  const dated = weekdaysOf(dates);
  const undated: Day[] = [];
  for (const day of days) {
    const index = dated.indexOf(day);
    if (index >= 0) dated.splice(index, 1);
    else undated.push(day);
  }
  return undated;
}

/** `days` follows the dates (one weekday name per date, the spec's field) plus the undated days. */
const daysFor = (dates: IsoDate[], undated: Day[]): Day[] => [...weekdaysOf(dates), ...undated];

/** Adds a date (kept ascending); refused when already chosen or not a working date (Sunday, malformed). */
export function addDate(item: DatedDays, date: IsoDate): AddDateResult {
  if (!isIsoDate(date) || weekdayOf(date) === null) return { ok: false, reason: 'unavailable' };
  const dates = item.dates ?? [];
  if (dates.includes(date)) return { ok: false, reason: 'duplicate' };
  const next = [...dates, date].sort();
  return { ok: true, dates: next, days: daysFor(next, undatedDays(item)) };
}

export function removeDate(item: DatedDays, date: IsoDate): { dates: IsoDate[]; days: Day[] } {
  const dates = (item.dates ?? []).filter((chosen) => chosen !== date);
  return { dates, days: daysFor(dates, undatedDays(item)) };
}

/** Removes an undated (legacy) day: every one of that weekday. */
export function removeUndatedDay(item: DatedDays, day: string): { dates: IsoDate[]; days: Day[] } {
  const dates = item.dates ?? [];
  return {
    dates,
    days: daysFor(
      dates,
      undatedDays(item).filter((undated) => undated !== day.toLowerCase()),
    ),
  };
}
