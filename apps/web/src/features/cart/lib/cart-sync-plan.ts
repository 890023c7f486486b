import type { CartItem } from '../atoms/cart.atom';
import type { CartDayChange } from '../api/change-cart-day';
import type { ServerCartDetail } from '../api/get-cart';

/** The server detail standing for a local item: the server keeps one detail per professional. */
export function detailFor(item: CartItem, details: readonly ServerCartDetail[]): ServerCartDetail | undefined {
  return details.find((detail) => detail.professionalId === item.professional.id);
}

/** The PATCH calls turning the server's days into the local ones; additions first, so a detail never goes empty on the way. */
export function dayChanges(localDays: readonly string[], serverDays: readonly string[]): CartDayChange[] {
  const local = new Set(localDays.map((day) => day.toLowerCase()));
  const server = new Set(serverDays.map((day) => day.toLowerCase()));
  return [
    ...[...local].filter((day) => !server.has(day)).map((day) => ({ type: 'add' as const, day })),
    ...[...server].filter((day) => !local.has(day)).map((day) => ({ type: 'remove' as const, day })),
  ];
}

/**
 * Server details whose professional is no longer in the local cart (deleted while signed
 * out, or left from an earlier visit). The order is made from the server cart, so they
 * must go: the client pays for exactly what the page shows.
 */
export function staleDetails(items: readonly CartItem[], details: readonly ServerCartDetail[]): ServerCartDetail[] {
  const wanted = new Set(items.map((item) => item.professional.id));
  return details.filter((detail) => !wanted.has(detail.professionalId));
}
