import type { App } from 'supertest/types';
import type { DataSource } from 'typeorm';
import { MovableClock } from '../../src/common/clock/clock';
import { registerAccount, type BrowserClient } from './http-client';

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

/**
 * The two signed-in professionals of the bookings tests: Juan Pérez, bookable on Mondays and Thursdays at $10.000 a
 * day, and another one with the seed's terms.
 */
export async function juanAndAnother(
  http: App,
  dataSource: DataSource,
): Promise<{ pro: BrowserClient; proId: number; otherPro: BrowserClient; otherProId: number }> {
  const { client: pro, id: proId } = await registerAccount(http, 'juan@bookings.test', 'profesional');
  const { client: otherPro, id: otherProId } = await registerAccount(http, 'otro@bookings.test', 'profesional');
  await bookableProfessional(dataSource, proId, {
    firstName: 'Juan',
    lastName: 'Pérez',
    availableDays: ['lunes', 'jueves'],
    dayPriceCents: 1_000_000,
  });
  return { pro, proId, otherPro, otherProId };
}

/** The first line of an order, as the bookings tests look at it. */
export async function firstLineOf(
  dataSource: DataSource,
  orderId: number,
): Promise<{ id: number; lineStatus: string; dates: string[]; days: string[] }> {
  const [line] = await dataSource.query(
    `SELECT id, line_status AS "lineStatus", dates::text[] AS dates, days FROM bookings WHERE order_id = $1 ORDER BY id LIMIT 1`,
    [orderId],
  );
  return line;
}
