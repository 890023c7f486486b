import { getQueueToken } from '@nestjs/bullmq';
import { DAYS, QUEUES, bookingAutoDoneJobId, formatMoney } from '@oficios/domain';
import type { Queue } from 'bullmq';
import type { App } from 'supertest/types';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { bookableProfessional, checkout, putInCart, recordsOf } from './factories';
import { drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import { mailsTo } from './support/mail-outbox';
import { startTestApp, type TestContext } from './support/test-app';

// What cancelling some dates does besides the refund: the other side is told, the whole booking's cancellation prices
// its dates the same way, and the booking becomes done by itself after its new last date.
// NOW is Tuesday 1 Dec 2026, noon in Buenos Aires: 3 Dec starts in 36 h (the policy's late window), January is free.
const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let client: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@date-effects.test', 'profesional'));
  ({ client } = await registerAccount(http, 'ana@date-effects.test'));
  await bookableProfessional(http, proId, { firstName: 'Juan', lastName: 'Pérez', availableDays: [...DAYS], dayPriceCents: 1_000_000 });
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

/** Ana's paid booking of Juan on `dates` ($ 10.000 a day), confirmed by him. */
async function booked(dates: string[]): Promise<{ orderId: number; lineId: number }> {
  clock.set(NOW);
  await putInCart(client, proId, dates);
  const { id: orderId, bookingIds } = await checkout(client);
  await payOrder(http, ctx.db.dataSource, client, orderId);
  expect((await pro.post(`/api/bookings/${bookingIds[0]}/accept`, {})).status).toBe(200);
  return { orderId, lineId: bookingIds[0] };
}

const refundRequests = async (lineId: number) =>
  (await recordsOf(ctx).outboxEvents('BookingRefundRequested', { lineId })).map(({ payload }) => payload.amountCents as number);
const noticesOf = async (who: BrowserClient, lineId: number) =>
  ((await who.get('/api/notifications')).body as { kind: string; message: string; data: { lineId?: number } }[]).filter(
    (notice) => notice.kind === 'booking-dates-cancelled' && notice.data.lineId === lineId,
  );

/** The notices of cancelled dates of the booking, once the notifications job has written one. */
const arrivedTo = (who: BrowserClient, lineId: number) =>
  eventually(async () => {
    const notices = await noticesOf(who, lineId);
    if (notices.length === 0) throw new Error(`no notice of cancelled dates of booking ${lineId} yet`);
    return notices;
  });

describe('the other side hears of cancelled dates', () => {
  it('the professional, in the app and by mail, when the client cancels some dates', async () => {
    const { lineId } = await booked(['2027-01-04', '2027-01-05', '2027-01-06']);
    expect((await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-05'] })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    const [notice] = await arrivedTo(pro, lineId);
    // 'Rol' is the first name registerAccount gives everyone; dateLabel writes the day names without accents.
    expect(notice.message).toBe(`Rol canceló martes 5 ene de la reserva ${lineId}. Sigue en pie: lunes 4 ene, miercoles 6 ene.`);
    expect(await noticesOf(client, lineId)).toEqual([]);
    expect(mailsTo(ctx.config.mail.outboxDir, 'juan@date-effects.test').join()).toContain(`de la reserva ${lineId}. Sigue en pie`);
  });

  it('the client, with what comes back, when the professional cancels some dates', async () => {
    const { lineId } = await booked(['2027-01-11', '2027-01-12']);
    expect((await pro.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-11'] })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    const [notice] = await arrivedTo(client, lineId);
    expect(notice.message).toBe(
      `Juan Pérez canceló lunes 11 ene de tu reserva ${lineId}. Te devolvemos ${formatMoney(1_000_000)}. Sigue en pie: martes 12 ene.`,
    );
    expect(await noticesOf(pro, lineId)).toEqual([]);
    expect(mailsTo(ctx.config.mail.outboxDir, 'ana@date-effects.test').join()).toContain(`de tu reserva ${lineId}. Te devolvemos`);
  });
});

describe('one pricing rule for cancelling', () => {
  it('cancelling the whole booking gives back what cancelling each of its dates does, across the late window', async () => {
    // 3 Dec is late (half of its $ 10.000), 18 and 19 Jan are free: $ 25.000 either way (not half of everything).
    const dates = ['2026-12-03', '2027-01-18', '2027-01-19'];
    const whole = await booked(dates);
    const perDate = (await client.get(`/api/bookings/${whole.lineId}/date-cancellation`)).body.dates as { refundAmount: number }[];
    expect(perDate.map((date) => date.refundAmount)).toEqual([5000, 10000, 10000]);
    expect((await client.get(`/api/bookings/${whole.lineId}/cancellation`)).body).toEqual({
      allowed: true,
      refundAmount: 25000,
      kind: 'partial',
    });
    expect((await client.post(`/api/bookings/${whole.lineId}/cancel`, {})).body).toMatchObject({ lineStatus: 'cancelled_by_client' });
    // The same dates, freed, booked again and cancelled all at once in "Cancelar días".
    const byDates = await booked(dates);
    expect((await client.post(`/api/bookings/${byDates.lineId}/cancel-dates`, { dates })).body).toMatchObject({
      lineStatus: 'cancelled_by_client',
    });
    expect(await refundRequests(whole.lineId)).toEqual([2_500_000]);
    expect(await refundRequests(byDates.lineId)).toEqual([2_500_000]);
  });
});

describe('auto-done after the last date still on', () => {
  it('cancelling the last dates brings the booking’s auto-done to AUTO_DONE_HOURS after its new last date', async () => {
    const { orderId, lineId } = await booked(['2027-01-25', '2027-01-26', '2027-01-27']);
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    const first = await eventually(async () => queue.getJob(bookingAutoDoneJobId(lineId)));
    expect(await first!.isDelayed()).toBe(true);
    expect((await client.post(`/api/bookings/${lineId}/cancel-dates`, { dates: ['2027-01-26', '2027-01-27'] })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    const moved = await eventually(async () => queue.getJob(bookingAutoDoneJobId(lineId, '2027-01-25')));
    expect(await moved!.isDelayed()).toBe(true);
    // 72 h after the 25th ends (26th 03:00 UTC): 29th 03:00 UTC, not the 31st the first job waits for.
    const dueAt = Date.parse('2027-01-29T03:00:00Z');
    expect(Math.abs(moved!.timestamp + moved!.delay - (Date.now() + dueAt - clock.now().getTime()))).toBeLessThan(60_000);
    clock.set(dueAt);
    await moved!.promote();
    await eventually(async () => (await recordsOf(ctx).booking(lineId)).lineStatus === 'done');
    expect((await recordsOf(ctx).bookingMoves(lineId)).filter((move) => move.toStatus === 'done').map(({ event }) => event)).toEqual([
      'auto_done',
    ]);
    expect((await recordsOf(ctx).order(orderId))!.status).toBe('completa');
    // The first job, for the old last date, finds it done and changes nothing.
    await first!.promote();
    await eventually(async () => (await first!.getState()) === 'completed' || (await queue.getJob(first!.id!)) === undefined);
    expect((await recordsOf(ctx).bookingMoves(lineId)).filter((move) => move.toStatus === 'done')).toHaveLength(1);
  });
});
