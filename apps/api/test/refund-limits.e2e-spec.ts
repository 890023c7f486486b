import { DAYS } from '@oficios/domain';
import type { App } from 'supertest/types';
import { bookableProfessional, directWrites, recordsOf } from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { cartIdOf, drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

/**
 * A booking is never refunded past what was paid for it: what may still be refunded counts every refund asked for
 * it and not failed (a requested one is money on its way back), however the refunds are asked for (one after the
 * other or at once).
 */
const clock = bookingClock();

let ctx: TestContext;
let http: App;
let admin: BrowserClient;
let accounts = 0;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

interface TwoBookings {
  client: BrowserClient;
  orderId: number;
  /** $ 22.000: one date, cancelled by the client. */
  a: { id: number; pro: BrowserClient };
  /** $ 58.000: two dates, done and disputed. */
  b: { id: number; pro: BrowserClient };
}

/** A professional bookable every day at `dayPriceCents`. */
async function professional(dayPriceCents: number): Promise<{ pro: BrowserClient; proId: number }> {
  const { client: pro, id: proId } = await registerAccount(http, `pro${++accounts}@refund-limits.test`, 'profesional');
  await bookableProfessional(http, proId, { availableDays: [...DAYS], dayPriceCents });
  return { pro, proId };
}

/**
 * The review's case: an order of $ 80.000 paid, booking A ($ 22.000) cancelled by its client and refunded, booking B
 * ($ 58.000, two dates) accepted, done, and disputed by the client: the order is `completa`.
 */
async function disputedOrder(): Promise<TwoBookings> {
  clock.set(NOW);
  const { client } = await registerAccount(http, `ana${++accounts}@refund-limits.test`);
  const proA = await professional(2_200_000);
  const proB = await professional(2_900_000);
  expect((await client.post('/api/cart', { professionalId: proA.proId, dates: ['2026-12-10'] })).status).toBe(201);
  expect((await client.post('/api/cart', { professionalId: proB.proId, dates: ['2026-12-07', '2026-12-08'] })).status).toBe(201);
  const created = await client.post('/api/orders', { cartId: await cartIdOf(client) });
  expect(created.status).toBe(201);
  expect(created.body.newOrder.amount).toBe(80_000);
  const orderId = created.body.newOrder.id as number;
  await payOrder(http, ctx.db.dataSource, client, orderId);
  const [a, b] = (await recordsOf(ctx).bookings({ orderId })).sort((x, y) => x.reservationAmountCents - y.reservationAmountCents);

  expect((await client.post(`/api/bookings/${a.id}/cancel`, {})).status).toBe(200);
  expect((await proB.pro.post(`/api/bookings/${b.id}/accept`, {})).status).toBe(200);
  clock.set(new Date('2026-12-09T04:00:00Z')); // the day after B's last date
  expect((await proB.pro.post(`/api/bookings/${b.id}/done`, {})).status).toBe(200);
  await eventually(
    async () => (await refundsOf(a.id)).every((refund) => refund.status === 'approved') && (await refundsOf(a.id)).length === 1,
  );
  expect((await client.get(`/api/orders`)).status).toBe(200);
  const order = (await recordsOf(ctx).orders({ id: orderId })).map(({ status }) => ({ status }));
  expect(order).toEqual([{ status: 'completa' }]);
  expect((await client.post(`/api/bookings/${b.id}/dispute`, { reason: 'El trabajo quedó mal hecho y gotea' })).status).toBe(200);
  return { client, orderId, a: { id: a.id, pro: proA.pro }, b: { id: b.id, pro: proB.pro } };
}

/** What was asked of the provider for a line (payments' rows), and what the line itself records. */
async function refundsOf(lineId: number): Promise<{ cause: string; amountCents: number; status: string }[]> {
  return (await recordsOf(ctx).refunds({ bookingId: lineId })).map(({ cause, amountCents, status }) => ({ cause, amountCents, status }));
}
function lineRefundsOf(lineId: number): Promise<{ cause: string; amountCents: number; status: string }[]> {
  return recordsOf(ctx).bookingRefundRecords(lineId);
}
/** Every refund orders asked payments for (BookingRefundRequested), whatever became of it. */
async function requestedOf(lineId: number): Promise<{ amountCents: number; status: string }[]> {
  const rows = await recordsOf(ctx).outboxEvents('BookingRefundRequested', { lineId });
  return rows.map(({ payload }) => ({ amountCents: payload.amountCents as number, status: 'requested' }));
}
const total = (refunds: { amountCents: number; status: string }[]) =>
  refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountCents, 0);

const disputeOf = async (lineId: number): Promise<number> => (await recordsOf(ctx).dispute(lineId)).id;

describe('a booking is refunded at most what was paid for it', () => {
  it('a partial refund of a dispute, then the order cancelled at once: the cancellation gives back only the rest', async () => {
    const { orderId, b } = await disputedOrder();
    const resolved = await admin.post(`/api/admin/disputes/${await disputeOf(b.id)}/resolve`, {
      resolution: 'partial',
      refundAmount: 29_000,
      note: 'Mitad del trabajo',
    });
    expect(resolved.status).toBe(200);
    // Before the provider confirmed the dispute's refund: the line's own refunded amount has not moved yet.
    expect((await admin.patch(`/api/orders/${orderId}`, { status: 'cancelada' })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);

    expect(await lineRefundsOf(b.id)).toEqual([
      { cause: 'dispute', amountCents: 2_900_000, status: expect.any(String) },
      { cause: 'admin_cancelled', amountCents: 2_900_000, status: expect.any(String) },
    ]);
    await eventually(async () =>
      expect(await refundsOf(b.id)).toEqual([
        { cause: 'dispute', amountCents: 2_900_000, status: 'approved' },
        { cause: 'admin_cancelled', amountCents: 2_900_000, status: 'approved' },
      ]),
    );
  });

  it('the dispute resolved in full and the order cancelled in parallel, many times over: never more than the booking', async () => {
    const { orderId, b } = await disputedOrder();
    const disputeId = await disputeOf(b.id);
    const answers = await Promise.all([
      admin.post(`/api/admin/disputes/${disputeId}/resolve`, { resolution: 'full', note: 'Se devuelve todo' }),
      ...Array.from({ length: 4 }, () => admin.patch(`/api/orders/${orderId}`, { status: 'cancelada' })),
      admin.post(`/api/admin/disputes/${disputeId}/resolve`, { resolution: 'partial', refundAmount: 10_000, note: 'Parte' }),
    ]);
    // The later ones find the dispute resolved (409) or nothing left to give back (400, naming the amount).
    for (const answer of answers) expect([200, 400, 409]).toContain(answer.status);
    // What was asked, before the provider answered anything: never more than the booking.
    expect(total(await requestedOf(b.id))).toBeLessThanOrEqual(5_800_000);
    await drained(ctx.app, ctx.db.dataSource);
    await eventually(async () => (await refundsOf(b.id)).every((refund) => refund.status !== 'requested'));
    expect(total(await lineRefundsOf(b.id))).toBe(5_800_000);
    expect(total(await refundsOf(b.id))).toBe(5_800_000);
  });

  it('the client cancels while the administrator cancels the order, in parallel: one refund of the booking', async () => {
    clock.set(NOW);
    const { client } = await registerAccount(http, `ana${++accounts}@refund-limits.test`);
    const { pro, proId } = await professional(1_000_000);
    expect((await client.post('/api/cart', { professionalId: proId, dates: ['2026-12-14', '2026-12-15'] })).status).toBe(201);
    const orderId = (await client.post('/api/orders', { cartId: await cartIdOf(client) })).body.newOrder.id as number;
    await payOrder(http, ctx.db.dataSource, client, orderId);
    const { id: lineId } = await recordsOf(ctx).bookingOf(orderId);
    expect((await pro.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(200);

    await Promise.all([
      client.post(`/api/bookings/${lineId}/cancel`, {}),
      admin.patch(`/api/orders/${orderId}`, { status: 'cancelada' }),
      pro.post(`/api/bookings/${lineId}/cancel`, {}),
      client.post(`/api/bookings/${lineId}/cancel`, {}),
    ]);
    await drained(ctx.app, ctx.db.dataSource);
    const asked = await lineRefundsOf(lineId);
    expect(asked).toHaveLength(1);
    expect(total(asked)).toBe(2_000_000);
    await eventually(async () => expect(total(await refundsOf(lineId))).toBe(2_000_000));
  });

  it('the database refuses a refund that would take a booking past what was paid for it', async () => {
    const { b } = await disputedOrder();
    const writes = directWrites(ctx.db.dataSource);
    const insert = (cause: 'dispute' | 'admin_cancelled' | 'professional_cancelled', amountCents: number) =>
      writes.insertBookingRefund(b.id, cause, amountCents);
    await insert('dispute', 5_000_000);
    await expect(insert('admin_cancelled', 800_001)).rejects.toThrow(/payment_refunds_within_booking/);
    await insert('admin_cancelled', 800_000);
    // A failed refund gave nothing back: what it asked for may be asked again.
    await writes.setBookingRefundStatus(b.id, 'admin_cancelled', 'failed');
    await insert('professional_cancelled', 800_000);
    await expect(writes.setBookingRefundStatus(b.id, 'admin_cancelled', 'requested')).rejects.toThrow(/payment_refunds_within_booking/);
  });
});
