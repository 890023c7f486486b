/** One professional with its days, as a cart line or an order line holds them. */
export interface BookedLine {
  professionalId: number;
  days: readonly string[];
}

const fingerprint = (lines: readonly BookedLine[]): string =>
  lines
    .map((line) => `${line.professionalId}:${[...line.days].sort().join(',')}`)
    .sort()
    .join(';');

/**
 * Whether an open order still books exactly what its cart holds (same professionals, same days, in any order):
 * then checking the cart out again answers that order instead of making another one.
 */
export const sameBooking = (order: readonly BookedLine[], cart: readonly BookedLine[]): boolean => fingerprint(order) === fingerprint(cart);
