import type { DataSource } from 'typeorm';
import { MovableClock } from '../../src/common/clock/clock';

/**
 * Tuesday 1 Dec 2026, noon in Buenos Aires (UTC-3; a date D starts at D 03:00 UTC): the booking tests' "now". With
 * 24 h of lead, Wednesday 2 is too soon and Thursday 3 the first bookable date.
 */
export const BOOKING_NOW = new Date('2026-12-01T15:00:00Z');

/** A clock the booking tests move instead of sleeping (pass it to startTestApp, set it back after each test). */
export const bookingClock = (): MovableClock => new MovableClock(BOOKING_NOW);

/** Gives a registered professional the name, weekly days and day price a booking test counts on. */
export async function bookableProfessional(
  dataSource: DataSource,
  id: number,
  terms: { firstName?: string; lastName?: string; availableDays: string[]; dayPriceCents: number },
): Promise<void> {
  const { firstName, lastName, availableDays, dayPriceCents } = terms;
  await dataSource.query(
    `UPDATE professionals SET available_days = $2, day_price_cents = $3, first_name = COALESCE($4, first_name),
       last_name = COALESCE($5, last_name) WHERE id = $1`,
    [id, availableDays, dayPriceCents, firstName ?? null, lastName ?? null],
  );
  if (firstName || lastName)
    await dataSource.query(`UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name) WHERE id = $1`, [
      id,
      firstName ?? null,
      lastName ?? null,
    ]);
}
