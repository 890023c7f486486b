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

/** How many professional-dates a client may hold unpaid (CHECKOUT_MAX_HELD_DATES, CHECKOUT_UNVERIFIED_MAX_DATES). */
export interface HeldDatesLimits {
  /** Over all the client's unpaid orders. */
  maxHeldDates: number;
  /** In one checkout, while the account's e-mail is not verified. */
  unverifiedMaxDates: number;
}

export interface CheckoutLimitRefusal {
  code: 'held_dates_limit' | 'unverified_dates_limit';
  message: string;
}

const days = (count: number) => `${count} ${count === 1 ? 'día' : 'días'}`;

/**
 * Why a checkout may not hold its `dates` (one per professional and date) while unpaid, or null. Unpaid dates are
 * taken from everyone else until the payment window closes, so no client holds more than `maxHeldDates` over all
 * their unpaid orders (`heldElsewhere`: those of the others), and a new account books at most `unverifiedMaxDates`
 * in one checkout until it verifies its e-mail (accounts cost nothing to make).
 */
export function whyTooManyDates(
  checkout: { dates: number; heldElsewhere: number; emailVerified: boolean },
  limits: HeldDatesLimits,
): CheckoutLimitRefusal | null {
  const { dates, heldElsewhere, emailVerified } = checkout;
  if (dates + heldElsewhere > limits.maxHeldDates) {
    return {
      code: 'held_dates_limit',
      message:
        heldElsewhere === 0
          ? `Una compra sin pagar puede reservar hasta ${days(limits.maxHeldDates)} y esta tiene ${dates}: quita días de tu carrito.`
          : `Ya tienes ${days(heldElsewhere)} reservados sin pagar: paga o cancela una compra antes de reservar más ` +
            `(hasta ${days(limits.maxHeldDates)} sin pagar; esta compra suma ${dates}).`,
    };
  }
  if (!emailVerified && dates > limits.unverifiedMaxDates) {
    return {
      code: 'unverified_dates_limit',
      message:
        `Verifica tu correo para reservar más de ${days(limits.unverifiedMaxDates)} en una compra (esta tiene ${dates}): ` +
        'abre el enlace que te enviamos; desde Mi Perfil puedes pedir otro.',
    };
  }
  return null;
}
