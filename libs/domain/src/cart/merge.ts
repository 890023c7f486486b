import type { BookingDateRules, IsoDate } from '../bookings/booking-dates';
import type { Day } from '../constants';
import { dateLabel, isIsoDate } from '../bookings/booking-dates';
import { addDateToLine, dateForWeekday, daysOfDates } from './cart-dates';
import type { CartMergeDrop, CartMergeLine } from './cart.types';

/** What the merge needs of a professional: who (for the notice) and the days they work. */
export interface MergeTerms {
  id: number;
  firstName: string;
  lastName: string;
  availableDays: readonly Day[];
}

/** A server cart line before the merge. */
export interface ServerCartLine {
  professionalId: number;
  days: readonly Day[];
  dates: readonly IsoDate[];
}

/** A line as the merge writes it: its dates, and the spec's days (their weekday names). */
export interface MergedLine {
  professionalId: number;
  dates: IsoDate[];
  days: Day[];
}

/** The writes a merge makes (new lines, lines whose dates change) and what it left out. */
export interface CartMergePlan {
  additions: MergedLine[];
  updates: MergedLine[];
  dropped: CartMergeDrop[];
}

/**
 * Merges a browser cart into a server cart by the rules of adding. Each browser date must be bookable under the
 * professional's rules (`rulesOf`: now, weekdays, blocked, taken by others), else it is dropped (`unavailable-date`);
 * each weekday name stands for its next bookable date, unless the line has a date of that weekday already (it counts
 * once, as a day chosen twice did), and a weekday the professional does not work (or with no free date) is dropped
 * (`unavailable-day`). A date chosen twice counts once; a professional already in the server cart keeps one line with
 * the union. A professional the catalogue does not know is dropped. Browser lines with no days still join the cart
 * (the client picks the dates later), as adding a professional does.
 */
export function planCartMerge(
  server: readonly ServerCartLine[],
  browser: readonly CartMergeLine[],
  terms: readonly MergeTerms[],
  rulesOf: (professional: MergeTerms) => BookingDateRules,
): CartMergePlan {
  const termsById = new Map(terms.map((t) => [t.id, t]));
  const serverLines = new Map(server.map((line) => [line.professionalId, line]));
  const merged = new Map<number, IsoDate[]>();
  const dropped: CartMergeDrop[] = [];

  for (const line of browser) {
    const professional = termsById.get(line.professionalId);
    if (!professional) {
      if (!dropped.some((drop) => drop.reason === 'unknown-professional' && drop.professionalId === line.professionalId))
        dropped.push({ reason: 'unknown-professional', professionalId: line.professionalId });
      continue;
    }
    const rules = rulesOf(professional);
    const name = `${professional.firstName} ${professional.lastName}`;
    const before = serverLines.get(line.professionalId);
    let dates = merged.get(line.professionalId) ?? (before ? [...before.dates] : []);
    for (const date of line.dates ?? []) {
      const result = addDateToLine(dates, date, rules);
      if (result.ok) dates = result.dates;
      else if (result.reason !== 'duplicate')
        dropped.push({ reason: 'unavailable-date', professionalId: professional.id, name, date: date.trim(), refusal: result.reason });
    }
    for (const day of line.days) {
      const weekday = day.trim().toLowerCase();
      if (daysOfDates(dates).includes(weekday as Day)) continue;
      const result = dateForWeekday(weekday, rules, dates);
      if (result.ok) dates = [...dates, result.date].sort();
      else dropped.push({ reason: 'unavailable-day', professionalId: professional.id, name, day: weekday });
    }
    merged.set(line.professionalId, dates);
  }

  const additions: MergedLine[] = [];
  const updates: MergedLine[] = [];
  for (const [professionalId, dates] of merged) {
    const before = serverLines.get(professionalId);
    const line = { professionalId, dates, days: daysOfDates(dates) };
    if (!before) additions.push(line);
    else if (dates.join() !== before.dates.join()) updates.push(line);
  }
  return { additions, updates, dropped };
}

/** The notice for what a merge left out of the cart, in Spanish; null when nothing was. */
export function cartMergeNotice(dropped: readonly CartMergeDrop[]): string | null {
  if (dropped.length === 0) return null;
  const parts = dropped.map((drop) =>
    drop.reason === 'unknown-professional'
      ? `un profesional que ya no está disponible`
      : drop.reason === 'unavailable-date'
        ? `el ${dateLabelOrText(drop.date)} de ${drop.name}, que ya no se puede reservar`
        : `el dia ${drop.day} de ${drop.name}, que no trabaja ese dia`,
  );
  return `Quitamos de tu carrito ${parts.join('; ')}.`;
}

/** A dropped date as the notice names it: "lunes 7 dic", or as sent when it is no date at all. */
const dateLabelOrText = (date: string): string => (isIsoDate(date) ? dateLabel(date) : date);
