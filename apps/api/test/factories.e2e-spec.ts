import { DAYS } from '@oficios/domain';
import type { App } from 'supertest/types';
import {
  BOOKING_STATES,
  LINE_STATUS_OF,
  bookableProfessionalAccount,
  bookingIn,
  googleClient,
  recordsOf,
  registerAccount,
  signedInAdmin,
  type BookingState,
} from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { startTestApp, type TestContext } from './support/test-app';

/** The factories make what they name, through the app: the other suites count on it. */
const clock = bookingClock();
let ctx: TestContext;
let http: App;
let professionalId: number;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ id: professionalId } = await bookableProfessionalAccount(http, 'luis@factories.test', {
    firstName: 'Luis',
    lastName: 'Sosa',
    availableDays: [...DAYS],
    dayPriceCents: 1_500_000,
  }));
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

describe('people', () => {
  it('a bookable professional has its name, days and price in the catalogue', async () => {
    expect((await (await signedInAdmin(http)).get(`/api/admin/professionals/${professionalId}`)).body).toMatchObject({
      firstName: 'Luis',
      lastName: 'Sosa',
      availableDays: [...DAYS],
      dayPrice: 15_000,
    });
  });

  it('a Google client has no password, a verified e-mail and a session', async () => {
    const { client, id, email } = await googleClient(http, 'gala');
    expect((await client.get('/home/user/me')).body.dataValues).toMatchObject({ id, email, google: true, emailVerified: true });
    expect(await recordsOf(ctx).passwordHashOf({ id })).toBeNull();
  });
});

describe('bookings in every state', () => {
  // Each state its own working date (Monday to Saturday), from Monday 7 Dec 2026 on.
  const dates = Array.from({ length: 2 * BOOKING_STATES.length }, (_, n) => new Date(Date.UTC(2026, 11, 7 + n)))
    .filter((day) => day.getUTCDay() !== 0)
    .map((day) => day.toISOString().slice(0, 10));
  /** Moves a refund settles a booking into afterwards (the payments worker does not wait for the factory). */
  const settlesInto: Partial<Record<BookingState, string>> = { declined: 'refunded', cancelled: 'refunded', expired: 'refunded' };

  it.each(BOOKING_STATES.map((state, index) => [state, index] as const))('%s', async (state, index) => {
    const { client } = await registerAccount(http, `${state}@factories.test`);
    const { orderId, bookingId } = await bookingIn(ctx, state, { client, professionalId, dates: [dates[index]], clock });
    const booking = await recordsOf(ctx).booking(bookingId);
    expect(booking.orderId).toBe(orderId);
    expect([LINE_STATUS_OF[state], settlesInto[state]]).toContain(booking.lineStatus);
    if (state === 'disputed') expect((await recordsOf(ctx).dispute(bookingId)).status).toBe('open');
  });
});
