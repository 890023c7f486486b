import type { Day } from '../constants';
import type { CartMergeDrop, CartMergeLine } from './cart.types';
import { addDayToItem } from './pricing';

/** What the merge needs of a professional: who (for the notice) and the days they work. */
export interface MergeTerms {
  id: number;
  firstName: string;
  lastName: string;
  availableDays: readonly string[];
}

/** A server cart line before the merge. */
export interface ServerCartLine {
  professionalId: number;
  days: readonly Day[];
}

/** The writes a merge makes (new lines, lines whose days grow) and what it left out. */
export interface CartMergePlan {
  additions: { professionalId: number; days: Day[] }[];
  updates: { professionalId: number; days: Day[] }[];
  dropped: CartMergeDrop[];
}

/**
 * Merges a browser cart into a server cart by the rules of adding: each day goes through `addDayToItem`, so a day
 * the professional does not work is dropped (and reported), a day already chosen (on the server or twice in the
 * browser) counts once, and a professional already in the server cart keeps one line with the union of the days.
 * A professional the catalogue does not know is dropped. Browser lines with no days still join the cart (the
 * client picks the days later), as adding a professional does.
 */
export function planCartMerge(
  server: readonly ServerCartLine[],
  browser: readonly CartMergeLine[],
  terms: readonly MergeTerms[],
): CartMergePlan {
  const termsById = new Map(terms.map((t) => [t.id, t]));
  const serverDays = new Map(server.map((line) => [line.professionalId, [...line.days]]));
  const merged = new Map<number, Day[]>();
  const dropped: CartMergeDrop[] = [];

  for (const line of browser) {
    const professional = termsById.get(line.professionalId);
    if (!professional) {
      if (!dropped.some((drop) => drop.reason === 'unknown-professional' && drop.professionalId === line.professionalId))
        dropped.push({ reason: 'unknown-professional', professionalId: line.professionalId });
      continue;
    }
    let days = merged.get(line.professionalId) ?? serverDays.get(line.professionalId) ?? [];
    for (const day of line.days) {
      const result = addDayToItem(days, day, professional.availableDays);
      if (result.ok) days = result.days;
      else if (result.reason === 'unavailable')
        dropped.push({
          reason: 'unavailable-day',
          professionalId: professional.id,
          name: `${professional.firstName} ${professional.lastName}`,
          day: day.trim().toLowerCase(),
        });
    }
    merged.set(line.professionalId, days);
  }

  const additions: CartMergePlan['additions'] = [];
  const updates: CartMergePlan['updates'] = [];
  for (const [professionalId, days] of merged) {
    const before = serverDays.get(professionalId);
    if (!before) additions.push({ professionalId, days });
    else if (days.length !== before.length) updates.push({ professionalId, days });
  }
  return { additions, updates, dropped };
}

/** The notice for what a merge left out of the cart, in Spanish; null when nothing was. */
export function cartMergeNotice(dropped: readonly CartMergeDrop[]): string | null {
  if (dropped.length === 0) return null;
  const parts = dropped.map((drop) =>
    drop.reason === 'unknown-professional'
      ? `un profesional que ya no está disponible`
      : `el dia ${drop.day} de ${drop.name}, que no trabaja ese dia`,
  );
  return `Quitamos de tu carrito ${parts.join('; ')}.`;
}
