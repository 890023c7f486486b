import { isIsoDate, weekdayOf, type Day, type IsoDate } from '@oficios/domain';

export type AddDateResult = { ok: true; dates: IsoDate[]; days: Day[] } | { ok: false; reason: 'duplicate' | 'unavailable' };

/** The spec's `days` of a cart item: the weekday name of each of its dates. */
const weekdaysOf = (dates: readonly IsoDate[]): Day[] => dates.map((date) => weekdayOf(date)).filter((day): day is Day => day !== null);

/** Adds a date (kept ascending); refused when already chosen or not a working date (Sunday, malformed). */
export function addDate(item: { dates: IsoDate[] }, date: IsoDate): AddDateResult {
  if (!isIsoDate(date) || weekdayOf(date) === null) return { ok: false, reason: 'unavailable' };
  if (item.dates.includes(date)) return { ok: false, reason: 'duplicate' };
  const dates = [...item.dates, date].sort();
  return { ok: true, dates, days: weekdaysOf(dates) };
}

export function removeDate(item: { dates: IsoDate[] }, date: IsoDate): { dates: IsoDate[]; days: Day[] } {
  const dates = item.dates.filter((chosen) => chosen !== date);
  return { dates, days: weekdaysOf(dates) };
}
