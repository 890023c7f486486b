import { DAYS, type Day } from '../constants';
import { multiplyCents, sumCents, type Cents } from '../money/money';

/** What pricing needs from one cart item: who, how much per day, which days. */
export interface CartPricingItem {
  professionalId: number;
  dayPriceCents: Cents;
  days: readonly string[];
}

export interface CartPriceLine {
  professionalId: number;
  /** Number of days booked. */
  quantity: number;
  /** quantity × day price. */
  priceCents: Cents;
}

export interface CartPrice {
  lines: CartPriceLine[];
  /** Sum of the line prices. */
  totalCents: Cents;
}

export type AddDayResult = { ok: true; days: Day[] } | { ok: false; reason: 'duplicate' | 'unavailable' };

/** Price per item = number of days × dayPrice; total = sum over items (spec §9), in whole cents. */
export function priceCart(items: readonly CartPricingItem[]): CartPrice {
  const lines = items.map(({ professionalId, dayPriceCents, days }) => ({
    professionalId,
    quantity: days.length,
    priceCents: multiplyCents(dayPriceCents, days.length),
  }));
  return { lines, totalCents: sumCents(lines.map((line) => line.priceCents)) };
}

const dayOrder = (day: string): number => DAYS.indexOf(day as Day);

/**
 * Adds a day (lowercased) to an item's days, kept in DAYS order. Refused when the
 * professional does not work that day or when it is already chosen.
 */
export function addDayToItem(days: readonly string[], day: string, availableDays: readonly string[]): AddDayResult {
  const wanted = day.trim().toLowerCase();
  if (dayOrder(wanted) < 0 || !availableDays.some((available) => available.toLowerCase() === wanted)) {
    return { ok: false, reason: 'unavailable' };
  }
  if (days.some((chosen) => chosen.toLowerCase() === wanted)) return { ok: false, reason: 'duplicate' };
  const next = [...days.map((chosen) => chosen.toLowerCase()), wanted] as Day[];
  return { ok: true, days: next.sort((a, b) => dayOrder(a) - dayOrder(b)) };
}

/** The days without `day` (compared lowercased). */
export function removeDay<T extends string>(days: readonly T[], day: string): T[] {
  const unwanted = day.toLowerCase();
  return days.filter((chosen) => chosen.toLowerCase() !== unwanted);
}

/** Toast text when a day is chosen twice (spec §8). */
export function duplicateDayMessage(day: string, name: string): string {
  return `El dia ${day} para el profesional ${name} ya ha sido reservado`;
}
