import type { App } from 'supertest/types';
import { MovableClock } from '../../src/common/clock/clock';
import { bookableProfessionalAccount, registerAccount } from '../factories/people';
import type { BrowserClient } from './http-client';

/**
 * Tuesday 1 Dec 2026, noon in Buenos Aires (UTC-3; a date D starts at D 03:00 UTC): the booking tests' "now". With
 * 24 h of lead, Wednesday 2 is too soon and Thursday 3 the first bookable date.
 */
export const BOOKING_NOW = new Date('2026-12-01T15:00:00Z');

/** A clock the booking tests move instead of sleeping (pass it to startTestApp, set it back after each test). */
export const bookingClock = (): MovableClock => new MovableClock(BOOKING_NOW);

/**
 * The two signed-in professionals of the bookings tests: Juan Pérez, bookable on Mondays and Thursdays at $10.000 a
 * day, and another one with the registration's terms.
 */
export async function juanAndAnother(
  http: App,
): Promise<{ pro: BrowserClient; proId: number; otherPro: BrowserClient; otherProId: number }> {
  const { client: pro, id: proId } = await bookableProfessionalAccount(http, 'juan@bookings.test', {
    firstName: 'Juan',
    lastName: 'Pérez',
    availableDays: ['lunes', 'jueves'],
    dayPriceCents: 1_000_000,
  });
  const { client: otherPro, id: otherProId } = await registerAccount(http, 'otro@bookings.test', 'profesional');
  return { pro, proId, otherPro, otherProId };
}
