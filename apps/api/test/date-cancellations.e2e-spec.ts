import { DAYS } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { bookableProfessional, checkout, putInCart, recordsOf } from './factories';
import { drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

// NOW is Tuesday 1 Dec 2026, noon in Buenos Aires: 3 Dec starts in 36 h (the policy's late window), later dates are free.
const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherPro: BrowserClient;
let client: BrowserClient;
let otherClient: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@date-cancel.test', 'profesional'));
  ({ client: otherPro } = await registerAccount(http, 'otro@date-cancel.test', 'profesional'));
  ({ client } = await registerAccount(http, 'ana@date-cancel.test'));
  ({ client: otherClient } = await registerAccount(http, 'otra@date-cancel.test'));
  await bookableProfessional(http, proId, { firstName: 'Juan', lastName: 'Pérez', availableDays: [...DAYS], dayPriceCents: 1_000_000 });
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

/** Ana's paid booking of Juan on `dates` ($ 10.000 a day), confirmed by him unless `accept` is false. */
async function booked(dates: string[], accept = true): Promise<{ orderId: number; lineId: number }> {
  clock.set(NOW);
  await putInCart(client, proId, dates);
  const { id: orderId, bookingIds } = await checkout(client);
  await payOrder(http, ctx.db.dataSource, client, orderId);
  if (accept) expect((await pro.post(`/api/bookings/${bookingIds[0]}/accept`, {})).status).toBe(200);
  return { orderId, lineId: bookingIds[0] };
}

const refundsOf = async (lineId: number) =>
  (await recordsOf(ctx).refunds({ bookingId: lineId })).map(({ cause, amountCents, idempotencyKey }) => ({
    cause,
    amountCents,
    idempotencyKey,
  }));
const refundRequests = async (lineId: number) =>
  (await recordsOf(ctx).outboxEvents('BookingRefundRequested', { lineId })).map(({ payload }) => payload.amountCents as number);
const liveHeldDates = async (lineId: number) => (await recordsOf(ctx).holds({ bookingId: lineId, live: true })).map((hold) => hold.date);
const available = async (from: string, to: string) =>
  (await request(http).get(`/home/professionals/${proId}/availability?from=${from}&to=${to}`)).body.dates as string[];
const orderStatusOf = async (orderId: number) => (await recordsOf(ctx).order(orderId))!.status;

describe('cancelling some dates of a booking', () => {
  it('the client cancels some dates: each priced by the policy now, one refund, the dates freed, the rest still booked', async () => {
    const { orderId, lineId } = await booked(['2026-12-03', '2026-12-10', '2026-12-11']);
    const quoted = await client.get(`/api/bookings/${lineId}/date-cancellation`);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual({
      allowed: true,
      dates: [
        { date: '2026-12-03', allowed: true, refundAmount: 5000, kind: 'partial' },
        { date: '2026-12-10', allowed: true, refundAmount: 10000, kind: 'full' },
        { date: '2026-12-11', allowed: true, refundAmount: 10000, kind: 'full' },
      ],
    });
    const cancelled = await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-10', '2026-12-03'] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: lineId,
      lineStatus: 'confirmed',
      status: 'procesando',
      dates: ['2026-12-11'],
      cancelledDates: ['2026-12-03', '2026-12-10'],
      reservationAmount: 30000,
      refunds: [{ cause: 'client_cancelled', amount: 15000, status: 'requested', settledAt: null }],
    });
    expect(await refundsOf(lineId)).toEqual([
      { cause: 'client_cancelled', amountCents: 1_500_000, idempotencyKey: expect.stringMatching(/^oficios-line-\d+-dates-\d+-refund$/) },
    ]);
    expect(await refundRequests(lineId)).toEqual([1_500_000]);
    // The cancelled dates are bookable again; the one left stays taken.
    expect(await liveHeldDates(lineId)).toEqual(['2026-12-11']);
    expect(await available('2026-12-03', '2026-12-11')).toEqual(expect.arrayContaining(['2026-12-03', '2026-12-10']));
    expect(await available('2026-12-11', '2026-12-11')).toEqual([]);
    expect(await orderStatusOf(orderId)).toBe('procesando');
    // MercadoPago gives it back: the booking goes on, the refund is added once, and the client reads when it came back.
    await drained(ctx.app, ctx.db.dataSource);
    await eventually(async () => (await recordsOf(ctx).booking(lineId)).refundedCents === 1_500_000);
    expect((await recordsOf(ctx).booking(lineId)).lineStatus).toBe('confirmed');
    const history = (await client.get('/home/user/me')).body.profile.shoppingHistory as { id: number }[];
    expect(history.find((line) => line.id === lineId)).toMatchObject({
      refundedAmount: 15000,
      dates: ['2026-12-11'],
      refunds: [{ amount: 15000, status: 'approved', settledAt: expect.any(String) }],
    });
    // Cancelling the rest later gives back only what the rest is worth (not what the policy kept of 3 Dec).
    const rest = await client.post(`/api/bookings/${lineId}/cancel`, {});
    expect(rest.body).toMatchObject({ lineStatus: 'cancelled_by_client', status: 'cancelada' });
    expect(await refundRequests(lineId)).toEqual([1_500_000, 1_000_000]);
  });

  it('the professional cancels some dates: those dates back in full, even a late one', async () => {
    const { lineId } = await booked(['2026-12-03', '2026-12-14']);
    expect((await pro.get(`/api/bookings/${lineId}/date-cancellation`)).body.dates).toEqual([
      { date: '2026-12-03', allowed: true, refundAmount: 10000, kind: 'full' },
      { date: '2026-12-14', allowed: true, refundAmount: 10000, kind: 'full' },
    ]);
    const cancelled = await pro.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-03'] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ lineStatus: 'confirmed', dates: ['2026-12-14'], cancelledDates: ['2026-12-03'] });
    expect(await refundsOf(lineId)).toEqual([expect.objectContaining({ cause: 'professional_cancelled', amountCents: 1_000_000 })]);
    expect(await liveHeldDates(lineId)).toEqual(['2026-12-14']);
  });

  it('what the policy kept of a date the client cancelled late stays kept when the professional cancels the rest', async () => {
    const { lineId } = await booked(['2026-12-03', '2027-01-07']);
    expect((await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-03'] })).status).toBe(200);
    const rest = await pro.post(`/api/bookings/${lineId}/cancel`, {});
    expect(rest.body).toMatchObject({ lineStatus: 'declined', status: 'cancelada' });
    // 3 Dec: half of its $ 10.000 back (late); 7 Jan: all of it. Never the half the policy kept.
    expect(await refundRequests(lineId)).toEqual([500_000, 1_000_000]);
  });

  it('cancelling every date still on is cancelling the booking: its status, the order, the calendar and the refunds', async () => {
    const { orderId, lineId } = await booked(['2026-12-17', '2026-12-18']);
    expect((await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-17'] })).status).toBe(200);
    const last = await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-18'] });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ lineStatus: 'cancelled_by_client', status: 'cancelada', dates: ['2026-12-18'] });
    expect(await orderStatusOf(orderId)).toBe('cancelada');
    expect(await liveHeldDates(lineId)).toEqual([]);
    expect(await refundsOf(lineId)).toEqual([
      expect.objectContaining({ amountCents: 1_000_000, idempotencyKey: expect.stringContaining('-dates-') }),
      expect.objectContaining({ amountCents: 1_000_000, idempotencyKey: `oficios-line-${lineId}-refund-client_cancelled` }),
    ]);
    await drained(ctx.app, ctx.db.dataSource);
    await eventually(async () => {
      const { lineStatus, refundedCents } = await recordsOf(ctx).booking(lineId);
      return lineStatus === 'refunded' && refundedCents === 2_000_000;
    });
    // The professional's cancelling every date is its cancelling the booking too.
    const second = await booked(['2026-12-21']);
    const byPro = await pro.post(`/api/bookings/${second.lineId}/cancel-dates`, { dates: ['2026-12-21'] });
    expect(byPro.body).toMatchObject({ lineStatus: 'declined', status: 'cancelada' });
    expect(await refundsOf(second.lineId)).toEqual([
      {
        cause: 'professional_cancelled',
        amountCents: 1_000_000,
        idempotencyKey: `oficios-line-${second.lineId}-refund-professional_cancelled`,
      },
    ]);
  });

  it('refuses bad input with a clear Spanish 400 and impossible cancellations with 409, changing nothing', async () => {
    const { lineId } = await booked(['2026-12-03', '2026-12-22']);
    const refusal = async (who: BrowserClient, body: unknown) => {
      const answer = await who.post(`/api/bookings/${lineId}/cancel-dates`, body);
      return { status: answer.status, message: answer.body.message as string };
    };
    expect(await refusal(client, { dates: [] })).toEqual({ status: 400, message: 'Elegí al menos un día para cancelar' });
    expect(await refusal(client, {})).toMatchObject({ status: 400 });
    expect(await refusal(client, { dates: ['mañana'] })).toEqual({ status: 400, message: 'dates debe ser una lista de fechas AAAA-MM-DD' });
    expect(await refusal(client, { dates: ['2026-12-22', '2026-12-22'] })).toEqual({ status: 400, message: 'Cada día va una sola vez' });
    expect(await refusal(client, { dates: ['2026-12-23'] })).toEqual({
      status: 400,
      message: 'miercoles 23 dic: no es un día de esta reserva',
    });
    expect((await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-22'] })).status).toBe(200);
    expect(await refusal(client, { dates: ['2026-12-22'] })).toEqual({ status: 409, message: 'martes 22 dic: ese día ya está cancelado' });
    clock.set(new Date('2026-12-03T04:00:00Z')); // 3 Dec, 01:00 in Buenos Aires: that day has started
    expect(await refusal(client, { dates: ['2026-12-03'] })).toEqual({
      status: 409,
      message: 'El jueves 3 dic ya empezó: ese día no se puede cancelar',
    });
    expect(await refusal(pro, { dates: ['2026-12-03'] })).toMatchObject({ status: 409 });
    expect((await recordsOf(ctx).booking(lineId)).dates).toEqual(['2026-12-03']);
    expect(await refundRequests(lineId)).toEqual([1_000_000]);
  });

  it('only the booking’s client and professional cancel its dates, and only where its status allows', async () => {
    const { lineId } = await booked(['2026-12-24', '2026-12-25']);
    for (const stranger of [otherClient, otherPro]) {
      expect((await stranger.get(`/api/bookings/${lineId}/date-cancellation`)).status).toBe(403);
      expect((await stranger.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-24'] })).status).toBe(403);
    }
    const anonymous = await browser(http);
    expect((await anonymous.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2026-12-24'] })).status).toBe(401);
    expect((await client.post('/api/bookings/999999/cancel-dates', { dates: ['2026-12-24'] })).status).toBe(404);
    // Awaiting the professional: the client may cancel dates, the professional declines instead.
    const awaiting = await booked(['2026-12-28', '2026-12-29'], false);
    const byPro = await pro.post(`/api/bookings/${awaiting.lineId}/cancel-dates`, { dates: ['2026-12-28'] });
    expect(byPro.status).toBe(409);
    expect(byPro.body.message).toBe('No se puede cancelar una reserva esperando la respuesta del profesional');
    expect((await pro.get(`/api/bookings/${awaiting.lineId}/date-cancellation`)).body).toMatchObject({ allowed: false });
    expect((await client.post(`/api/bookings/${awaiting.lineId}/cancel-dates`, { dates: ['2026-12-28'] })).status).toBe(200);
    // Unpaid: its dates change in the cart.
    clock.set(NOW);
    await putInCart(client, proId, ['2026-12-30', '2026-12-31']);
    const unpaid = (await checkout(client)).bookingIds[0];
    const refused = await client.post(`/api/bookings/${unpaid}/cancel-dates`, { dates: ['2026-12-30'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('todavía no está pagada');
    expect((await recordsOf(ctx).booking(lineId)).dates).toEqual(['2026-12-24', '2026-12-25']);
  });

  it('parallel cancellations of overlapping dates refund each date once', async () => {
    const { lineId } = await booked(['2027-01-04', '2027-01-05', '2027-01-06']);
    const answers = await Promise.all([
      client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-04', '2027-01-05'] }),
      client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-05', '2027-01-06'] }),
      pro.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-05'] }),
      client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-04', '2027-01-05'] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const booking = await recordsOf(ctx).booking(lineId);
    const refunds = await refundsOf(lineId);
    expect(refunds).toHaveLength(1);
    // What came back is exactly the cancelled dates' worth, and those dates are no longer held.
    expect(refunds[0].amountCents).toBe((3 - booking.dates.length) * 1_000_000);
    expect(await liveHeldDates(lineId)).toEqual(booking.dates);
  });
});
