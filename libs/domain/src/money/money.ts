/**
 * Money: whole cents inside (database, arithmetic), pesos as JSON numbers on the wire (the spec shows them so), one
 * formatter for every screen, mail and page (es-AR, ARS).
 */

/** An amount of money in whole cents of a peso: always a safe integer. */
export type Cents = number;

const checked = (cents: number, what: string): Cents => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${what}: ${cents} no es una cantidad entera de centavos`);
  return cents;
};

/** The decimal digits of |value| as written by JavaScript (its shortest round-trip form) and where the point goes. */
function decimalDigits(value: number): { digits: string; point: number } {
  const [mantissa, exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  return { digits: whole + fraction, point: whole.length + Number(exponent) };
}

/**
 * Pesos to cents, rounding half away from zero on the decimal value as written (1.005 → 101, 0.1 + 0.2 → 30), never
 * on the binary float times 100 (where 1.005 * 100 is 100.49999…). Refuses NaN and ±Infinity.
 */
export function pesosToCents(pesos: number): Cents {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos)) throw new RangeError(`${pesos} no es un monto en pesos`);
  const { digits, point } = decimalDigits(pesos);
  const centsPoint = point + 2;
  const whole = centsPoint <= 0 ? '0' : digits.slice(0, centsPoint).padEnd(centsPoint, '0');
  const next = centsPoint < 0 ? '0' : (digits[centsPoint] ?? '0');
  const magnitude = Number(whole) + (next >= '5' ? 1 : 0);
  return checked(pesos < 0 && magnitude !== 0 ? -magnitude : magnitude, 'pesosToCents');
}

/** Pesos to cents when the amount is whole cents as written (12.5, 12.50); null for fractions of a cent, NaN or ±Infinity. */
export function exactCents(pesos: unknown): Cents | null {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos)) return null;
  const { digits, point } = decimalDigits(pesos);
  if (digits.slice(Math.max(point + 2, 0)).replace(/0+$/, '') !== '') return null;
  return Math.abs(pesos) * 100 <= Number.MAX_SAFE_INTEGER ? pesosToCents(pesos) : null;
}

/** Cents to pesos for the wire: 1250050 → 12500.5 (the nearest number to the decimal, so it prints as written). */
export function centsToPesos(cents: Cents): number {
  return checked(cents, 'centsToPesos') / 100;
}

export function addCents(a: Cents, b: Cents): Cents {
  return checked(checked(a, 'addCents') + checked(b, 'addCents'), 'addCents');
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce<Cents>(addCents, 0);
}

/** An amount times a whole count (days, units): refuses a fractional count. */
export function multiplyCents(cents: Cents, count: number): Cents {
  if (!Number.isSafeInteger(count)) throw new RangeError(`multiplyCents: ${count} no es una cantidad entera`);
  return checked(checked(cents, 'multiplyCents') * count, 'multiplyCents');
}

/**
 * An amount split in `parts` equal whole-cent shares, rounded half away from zero (a line's unit price from its
 * total and its days).
 */
export function divideCents(cents: Cents, parts: number): Cents {
  if (!Number.isSafeInteger(parts) || parts <= 0) throw new RangeError(`divideCents: ${parts} no es una cantidad positiva`);
  const magnitude = Math.floor((2 * Math.abs(checked(cents, 'divideCents')) + parts) / (2 * parts));
  return cents < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * The two formatters, made on first use: building an Intl.NumberFormat costs tens of milliseconds, which every page
 * that imports this module (most do, for the rules beside) paid while starting even when it showed no amount.
 */
let formatters: { wholePesos: Intl.NumberFormat; pesosAndCents: Intl.NumberFormat } | null = null;
function moneyFormatters() {
  formatters ??= {
    wholePesos: new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    pesosAndCents: new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: 'ARS',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
  };
  return formatters;
}

/**
 * An amount as every screen, mail and page shows it: "$ 2.500" for whole pesos, "$ 1.234,50" otherwise (the
 * separator after "$" is a no-break space, as es-AR writes it).
 */
export function formatMoney(cents: Cents): string {
  checked(cents, 'formatMoney');
  const { wholePesos, pesosAndCents } = moneyFormatters();
  return cents % 100 === 0 ? wholePesos.format(cents / 100) : pesosAndCents.format(cents / 100);
}
