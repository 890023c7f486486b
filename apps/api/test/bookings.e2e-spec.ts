import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, bookingResponseDeadlineJobId } from '@oficios/domain';
import type { Queue } from 'bullmq';
import type { App } from 'supertest/types';
import { BOOKING_NOW as NOW, bookingClock, juanAndAnother } from './support/bookings';
import { BookingDeadlines, checkout, putInCart, recordsOf } from './factories';
import { drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherPro: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ pro, proId, otherPro } = await juanAndAnother(http));
});
afterAll(() => ctx?.close());

const orderOfLine = async (lineId: number) => (await recordsOf(ctx).booking(lineId)).orderId;
const lineOf = (orderId: number) => recordsOf(ctx).bookingOf(orderId);
const lineStatusOf = async (lineId: number) => (await recordsOf(ctx).booking(lineId)).lineStatus;

describe('the professional decides', () => {
  let client: BrowserClient;

  beforeAll(async () => {
    ({ client } = await registerAccount(http, 'decide@bookings.test'));
  });

  async function paidLine(date: string): Promise<{ orderId: number; lineId: number }> {
    await putInCart(client, proId, [date]);
    const created = await checkout(client);
    await payOrder(http, ctx.db.dataSource, client, created.id);
    const line = await lineOf(created.id);
    expect(line.lineStatus).toBe('awaiting_professional');
    return { orderId: created.id, lineId: line.id };
  }

  it('accepts its own paid booking: confirmed, and the order stays procesando', async () => {
    const { orderId, lineId } = await paidLine('2026-12-14');
    expect((await otherPro.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(403);
    expect((await client.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(403);
    const accepted = await pro.post(`/api/bookings/${lineId}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: lineId,
      lineStatus: 'confirmed',
      status: 'procesando',
      dates: ['2026-12-14'],
      refundedAmount: 0,
    });
    const again = await pro.post(`/api/bookings/${lineId}/accept`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'line_move_refused', message: 'No se puede aceptar una reserva confirmada' });
    const transitions = await recordsOf(ctx).bookingMoves(lineId);
    expect(transitions).toEqual([
      { event: 'paid', actor: 'system', actorId: null, fromStatus: 'awaiting_payment', toStatus: 'awaiting_professional' },
      { event: 'accepted', actor: 'professional', actorId: proId, fromStatus: 'awaiting_professional', toStatus: 'confirmed' },
    ]);
    const calendar = await pro.get('/api/calendar?from=2026-12-14&to=2026-12-14');
    expect(calendar.body.days).toEqual([{ date: '2026-12-14', state: 'booked', lineId }]);
    expect((await recordsOf(ctx).order(orderId))!.status).toBe('procesando');
  });

  it('declines with a reason: the dates are freed, a full refund is requested once, the client is told', async () => {
    const { orderId, lineId } = await paidLine('2026-12-21');
    const declined = await pro.post(`/api/bookings/${lineId}/decline`, { reason: 'Estoy de viaje' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ lineStatus: 'declined', declineReason: 'Estoy de viaje', status: 'cancelada' });
    const refunds = await recordsOf(ctx).outboxEvents('BookingRefundRequested', { lineId });
    expect(refunds.map((row) => row.payload)).toEqual([
      {
        lineId,
        orderId,
        clientId: expect.any(Number),
        amountCents: 1000000,
        cause: 'declined',
        idempotencyKey: `oficios-line-${lineId}-refund-declined`,
      },
    ]);
    expect((await client.get(`/home/professionals/${proId}/availability?from=2026-12-21&to=2026-12-21`)).body.dates).toEqual([
      '2026-12-21',
    ]);
    await drained(ctx.app, ctx.db.dataSource);
    const notices = (await client.get('/api/notifications')).body;
    expect(JSON.stringify(notices)).toContain('Juan Pérez rechazó tu reserva (lunes 21 dic): Estoy de viaje');
  });

  it('expires an unanswered booking when the clock passes its deadline and its delayed job runs', async () => {
    const { lineId } = await paidLine('2026-12-28');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    const job = await eventually(async () => queue.getJob(bookingResponseDeadlineJobId(lineId)));
    expect(await job!.isDelayed()).toBe(true);
    clock.advanceHours(25);
    try {
      await job!.promote();
      await eventually(async () => (await lineStatusOf(lineId)) === 'expired');
    } finally {
      clock.set(NOW);
    }
  });

  it('a deadline job that runs early waits again for the rest of its delay, then expires the line on time', async () => {
    const { lineId } = await paidLine('2026-12-17');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    const jobId = bookingResponseDeadlineJobId(lineId);
    const job = await eventually(async () => queue.getJob(jobId));
    expect(await job!.isDelayed()).toBe(true);
    // Run now, a day early (as a process with a clock ahead would): the line stays, the job goes back to wait.
    await job!.promote();
    await eventually(async () => expect(await queue.getJobState(jobId)).toBe('delayed'));
    // It waits for the rest of its delay (about a day), not for a retry's backoff, and it did not count as a failure.
    const waiting = (await queue.getJob(jobId))!;
    expect(waiting.attemptsMade).toBe(0);
    expect(waiting.failedReason).toBeFalsy();
    expect((await lineOf(await orderOfLine(lineId))).lineStatus).toBe('awaiting_professional');
    clock.advanceHours(25);
    try {
      await (await queue.getJob(jobId))!.promote();
      await eventually(async () => (await lineStatusOf(lineId)) === 'expired');
    } finally {
      clock.set(NOW);
    }
  });

  it('the start-up sweep expires what is overdue even when its job was lost (restart survival), once', async () => {
    const { lineId } = await paidLine('2027-01-04');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    await (await eventually(async () => queue.getJob(bookingResponseDeadlineJobId(lineId))))!.remove();
    const sweep = ctx.app.get(BookingDeadlines);
    expect((await sweep.sweep()).expiredLines).toEqual([]);
    clock.advanceHours(25);
    try {
      expect((await sweep.sweep()).expiredLines).toEqual([lineId]);
      expect((await sweep.sweep()).expiredLines).toEqual([]);
      // Expired once; its refund may already have moved it on to refunded (the payments worker does not wait for us).
      const moves = await recordsOf(ctx).bookingMoves(lineId);
      expect(moves.map((move) => move.toStatus).filter((to) => to === 'expired')).toEqual(['expired']);
      expect(['expired', 'refunded']).toContain(await lineStatusOf(lineId));
    } finally {
      clock.set(NOW);
    }
  });
});
