import type { Cents } from '@oficios/domain';
import type { ValueTransformer } from 'typeorm';

/** A bigint cents value as Postgres hands it back (a string, or a number inside json) as a number; exact below 2^53. */
export function centsFromDb(value: string | number): Cents {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${value} no es una cantidad de centavos`);
  return cents;
}

/** Money columns are bigint cents: numbers in the entities. */
export const centsTransformer: ValueTransformer = {
  to: (value: Cents | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : centsFromDb(value)),
};
