import { getQueueToken } from '@nestjs/bullmq';
import { DAYS, QUEUES, bookingAutoDoneJobId } from '@oficios/domain';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { App } from 'supertest/types';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { BookingDeadlines, bookableProfessional, checkout, putInCart, recordsOf } from './factories';
import { cartIdOf, drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { mailsTo } from './support/mail-outbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherPro: BrowserClient;
let otherProId: number;
let client: BrowserClient;
let clientId: number;
let otherClient: BrowserClient;
let admin: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@aftercare.test', 'profesional'));
  ({ client: otherPro, id: otherProId } = await registerAccount(http, 'otro@aftercare.test', 'profesional'));
  ({ client, id: clientId } = await registerAccount(http, 'ana@aftercare.test'));
  ({ client: otherClient } = await registerAccount(http, 'otra@aftercare.test'));
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  await bookableProfessional(http, proId, {
    firstName: 'Juan',
    lastName: 'Pérez',
    availableDays: [...DAYS],
    dayPriceCents: 1_000_000,
  });
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

const lineRow = async (lineId: number) => {
  const { lineStatus, doneAt, refundedCents } = await recordsOf(ctx).booking(lineId);
  return { lineStatus, doneAt: doneAt!, refundedCents };
};
const refundRequests = async (lineId: number) =>
  (await recordsOf(ctx).outboxEvents('BookingRefundRequested', { lineId })).map(({ payload }) => ({
    amountCents: payload.amountCents,
    cause: payload.cause,
  }));
const orderStatusOf = async (orderId: number) => (await recordsOf(ctx).order(orderId))!.status;

/** An order of Ana for Juan on `date`, made at NOW; paid (awaiting the professional) unless `pay` is false. */
async function orderOn(date: string, pay = true): Promise<{ orderId: number; lineId: number }> {
  clock.set(NOW);
  // The professional may still be in the cart (an unpaid order cancelled earlier): its line is replaced.
  await putInCart(client, proId, [date]);
  const { id: orderId, bookingIds } = await checkout(client);
  if (pay) await payOrder(http, ctx.db.dataSource, client, orderId);
  return { orderId, lineId: bookingIds[0] };
}

async function confirmedOn(date: string) {
  const booked = await orderOn(date);
  expect((await pro.post(`/api/bookings/${booked.lineId}/accept`, {})).status).toBe(200);
  return booked;
}

async function doneOn(date: string) {
  const booked = await confirmedOn(date);
  clock.set(new Date(`${date}T03:00:00Z`).getTime() + 25 * 3_600_000); // the next day, 01:00 in Buenos Aires
  expect((await pro.post(`/api/bookings/${booked.lineId}/done`, {})).status).toBe(200);
  return booked;
}

describe('cancellation', () => {
  it('a client cancelling more than 48 h before the first date gets everything back', async () => {
    const { lineId } = await confirmedOn('2026-12-10');
    expect((await client.get(`/api/bookings/${lineId}/cancellation`)).body).toEqual({ allowed: true, refundAmount: 10000, kind: 'full' });
    const cancelled = await client.post(`/api/bookings/${lineId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: lineId, lineStatus: 'cancelled_by_client', status: 'cancelada' });
    expect(await refundRequests(lineId)).toEqual([{ amountCents: 1000000, cause: 'client_cancelled' }]);
    // The date is free again.
    expect((await request(http).get(`/home/professionals/${proId}/availability?from=2026-12-10&to=2026-12-10`)).body.dates).toEqual([
      '2026-12-10',
    ]);
  });

  it('a late cancellation (within 48 h) refunds 50 %, computed once when the client cancels', async () => {
    const { lineId } = await orderOn('2026-12-03'); // starts in 36 h; still awaiting the professional
    expect((await client.get(`/api/bookings/${lineId}/cancellation`)).body).toEqual({ allowed: true, refundAmount: 5000, kind: 'partial' });
    const cancelled = await client.post(`/api/bookings/${lineId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refunds).toEqual([expect.objectContaining({ cause: 'client_cancelled', amount: 5000, status: 'requested' })]);
    // Later, nothing is recomputed: the one request carries the amount of the moment of cancelling.
    clock.advanceHours(30);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await refundRequests(lineId)).toEqual([{ amountCents: 500000, cause: 'client_cancelled' }]);
    await eventually(async () => (await lineRow(lineId)).lineStatus === 'refunded');
    expect((await lineRow(lineId)).refundedCents).toBe(500000);
    // The client's history shows the refund as MercadoPago settled it.
    const history = (await client.get('/home/user/me')).body.profile.shoppingHistory as {
      id: number;
      refunds: unknown[];
      refundedAmount: number;
    }[];
    expect(history.find((line) => line.id === lineId)).toMatchObject({
      refundedAmount: 5000,
      refunds: [{ cause: 'client_cancelled', amount: 5000, status: 'approved' }],
    });
  });

  it('refuses to cancel once the first date has started', async () => {
    const { lineId } = await confirmedOn('2026-12-04');
    clock.set(new Date('2026-12-04T04:00:00Z'));
    const reason = 'La reserva ya no se puede cancelar: su primer día ya empezó';
    expect((await client.get(`/api/bookings/${lineId}/cancellation`)).body).toEqual({ allowed: false, reason });
    const refused = await client.post(`/api/bookings/${lineId}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'line_move_refused', message: reason });
    expect((await lineRow(lineId)).lineStatus).toBe('confirmed');
  });

  it('an unpaid line is cancelled with nothing to give back', async () => {
    const { orderId, lineId } = await orderOn('2026-12-11', false);
    expect((await client.get(`/api/bookings/${lineId}/cancellation`)).body).toEqual({ allowed: true, refundAmount: 0, kind: 'none' });
    const cancelled = await client.post(`/api/bookings/${lineId}/cancel`, {});
    expect(cancelled.body).toMatchObject({ lineStatus: 'cancelled_by_client', status: 'cancelada' });
    expect(await refundRequests(lineId)).toEqual([]);
    expect(await orderStatusOf(orderId)).toBe('cancelada');
  });

  it('nobody else cancels or quotes the line', async () => {
    const { lineId } = await confirmedOn('2026-12-12');
    expect((await otherClient.get(`/api/bookings/${lineId}/cancellation`)).status).toBe(403);
    expect((await otherClient.post(`/api/bookings/${lineId}/cancel`, {})).status).toBe(403);
    expect((await otherPro.post(`/api/bookings/${lineId}/cancel`, {})).status).toBe(403);
    expect((await client.get('/api/bookings/999999/cancellation')).status).toBe(404);
    expect((await lineRow(lineId)).lineStatus).toBe('confirmed');
  });

  it('the professional cancels a confirmed line: full refund, counted on its profile; not one still awaiting it', async () => {
    const awaiting = await orderOn('2026-12-14');
    const refused = await pro.post(`/api/bookings/${awaiting.lineId}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede cancelar una reserva esperando la respuesta del profesional');
    expect((await pro.get('/home/user/me')).body.profile.cancelledBookings).toBe(0);
    const { lineId } = await confirmedOn('2026-12-15');
    const cancelled = await pro.post(`/api/bookings/${lineId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ lineStatus: 'declined' });
    expect(await refundRequests(lineId)).toEqual([{ amountCents: 1000000, cause: 'professional_cancelled' }]);
    expect((await pro.get('/home/user/me')).body.profile.cancelledBookings).toBe(1);
    await drained(ctx.app, ctx.db.dataSource);
    expect(JSON.stringify((await client.get('/api/notifications')).body)).toContain(
      'Tu reserva con Juan Pérez (martes 15 dic) está rechazada',
    );
  });
  it('an unpaid line is not cancelled alone while its order has other unpaid lines (one payment link charges them all)', async () => {
    clock.set(NOW);
    await bookableProfessional(http, otherProId, { availableDays: [...DAYS], dayPriceCents: 500_000 });
    for (const professionalId of [proId, otherProId]) {
      const added = await client.post('/api/cart', { professionalId, dates: ['2027-01-18'] });
      expect([201, 409]).toContain(added.status);
    }
    const created = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(created.status).toBe(201);
    const [first, second] = created.body.newOrder.lines as { id: number }[];
    const reason =
      'Esta reserva todavía no está pagada y su compra tiene otras: quítala de tu carrito y vuelve a pedir el pago, o cancela la compra entera';
    expect((await client.get(`/api/bookings/${first.id}/cancellation`)).body).toEqual({ allowed: false, reason });
    const refused = await client.post(`/api/bookings/${first.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(reason);
    expect((await lineRow(first.id)).lineStatus).toBe('awaiting_payment');
    expect((await lineRow(second.id)).lineStatus).toBe('awaiting_payment');
    // The cart is where the client changes it: without the other professional, checking out again replaces the order.
    const otherDetail = ((await client.get('/api/cart')).body.details as { id: number; professionalId: number }[]).find(
      (detail) => detail.professionalId === otherProId,
    )!;
    expect((await client.delete(`/api/cart/${otherDetail.id}`)).status).toBe(200);
    const replaced = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(replaced.body.newOrder.lines).toHaveLength(1);
    const alone = replaced.body.newOrder.lines[0].id as number;
    expect((await client.post(`/api/bookings/${alone}/cancel`, {})).body).toMatchObject({ lineStatus: 'cancelled_by_client' });
  });

  it('the client cancelling while the administrator cancels the order, at once: one of them moves the line, nothing deadlocks', async () => {
    // Every path locks the order before its lines (the administrator's dropdown does too), so the two wait in turn.
    for (const date of ['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15', '2027-01-16']) {
      const { orderId, lineId } = await confirmedOn(date);
      const [byClient, byAdmin] = await Promise.all([
        client.post(`/api/bookings/${lineId}/cancel`, {}),
        admin.patch(`/api/orders/${orderId}`, { status: 'cancelada' }),
      ]);
      expect([byClient.status, byAdmin.status].every((status) => status === 200 || status === 409)).toBe(true);
      expect(['cancelled_by_client', 'cancelled_by_admin']).toContain((await lineRow(lineId)).lineStatus);
      expect(await refundRequests(lineId)).toHaveLength(1);
    }
  });
});

describe('done', () => {
  it('the professional marks it done only after the last date', async () => {
    const { orderId, lineId } = await confirmedOn('2026-12-16');
    clock.set(new Date('2026-12-16T20:00:00Z'));
    const early = await pro.post(`/api/bookings/${lineId}/done`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('La reserva se puede marcar como realizada después de su último día (miercoles 16 dic)');
    expect((await otherPro.post(`/api/bookings/${lineId}/done`, {})).status).toBe(403);
    clock.set(new Date('2026-12-17T03:30:00Z'));
    const done = await pro.post(`/api/bookings/${lineId}/done`, {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ lineStatus: 'done', status: 'completa' });
    // The movable clock keeps running from where it was set.
    const doneAt = (await lineRow(lineId)).doneAt.getTime() - Date.parse('2026-12-17T03:30:00Z');
    expect(doneAt >= 0 && doneAt < 60_000).toBe(true);
    expect(await orderStatusOf(orderId)).toBe('completa');
    // Reviews open now.
    expect(
      (await client.post('/api/reviews', { professionalId: proId, orderDetailId: lineId, rating: 5, comment: 'Muy bien' })).status,
    ).toBe(201);
  });

  it('a confirmed line becomes done by itself at its delayed job, AUTO_DONE_HOURS after its last date', async () => {
    const { lineId } = await confirmedOn('2026-12-17');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    const job = await eventually(async () => queue.getJob(bookingAutoDoneJobId(lineId)));
    expect(await job!.isDelayed()).toBe(true);
    // 72 h after the 17th ends (18th 03:00 UTC): 21st 03:00 UTC. Just before, the job changes nothing.
    clock.set(new Date('2026-12-21T02:59:00Z'));
    expect(await ctx.app.get(BookingDeadlines).autoDoneIfDue(lineId)).toBe(false);
    clock.set(new Date('2026-12-21T03:00:00Z'));
    await job!.promote();
    await eventually(async () => (await lineRow(lineId)).lineStatus === 'done');
    const [transition] = (await recordsOf(ctx).bookingMoves(lineId))
      .filter((move) => move.toStatus === 'done')
      .map(({ event, actor }) => ({ event, actor }));
    expect(transition).toEqual({ event: 'auto_done', actor: 'system' });
  });

  it('the start-up sweep makes overdue confirmed lines done even when their job was lost, once', async () => {
    const { lineId } = await confirmedOn('2026-12-18');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.bookings), { strict: false });
    await (await eventually(async () => queue.getJob(bookingAutoDoneJobId(lineId))))!.remove();
    const bookings = ctx.app.get(BookingDeadlines);
    clock.set(new Date('2026-12-22T02:00:00Z'));
    expect((await bookings.sweep()).doneLines).not.toContain(lineId);
    clock.set(new Date('2026-12-22T03:00:00Z'));
    expect((await bookings.sweep()).doneLines).toContain(lineId);
    expect((await bookings.sweep()).doneLines).not.toContain(lineId);
    expect((await lineRow(lineId)).lineStatus).toBe('done');
  });
});

describe('disputes', () => {
  it('the client reports a problem within the window, once; the professional answers; nobody else', async () => {
    const { lineId } = await doneOn('2026-12-21');
    expect((await otherClient.post(`/api/bookings/${lineId}/dispute`, { reason: 'No vino' })).status).toBe(403);
    const opened = await client.post(`/api/bookings/${lineId}/dispute`, { reason: 'Quedó una pérdida' });
    expect(opened.status).toBe(200);
    expect(opened.body.dispute).toMatchObject({ lineId, status: 'open', reason: 'Quedó una pérdida', professionalAnswer: null });
    const again = await client.post(`/api/bookings/${lineId}/dispute`, { reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'dispute_refused', message: 'Ya reportaste un problema con esta reserva' });
    expect((await otherPro.post(`/api/bookings/${lineId}/dispute/answer`, { answer: 'No fui yo' })).status).toBe(403);
    const answered = await pro.post(`/api/bookings/${lineId}/dispute/answer`, { answer: 'Vuelvo el lunes sin cargo' });
    expect(answered.status).toBe(200);
    expect(answered.body.dispute).toMatchObject({ professionalAnswer: 'Vuelvo el lunes sin cargo', status: 'open' });
    await drained(ctx.app, ctx.db.dataSource);
    expect(JSON.stringify((await pro.get('/api/notifications')).body)).toContain(`reportó un problema con la reserva ${lineId}`);
    expect(JSON.stringify((await client.get('/api/notifications')).body)).toContain(
      `Juan Pérez respondió a tu reporte sobre la reserva ${lineId}`,
    );
    expect(mailsTo(ctx.config.mail.outboxDir, 'juan@aftercare.test').join()).toContain(`problema reportado en la reserva ${lineId}`);
  });

  it('refuses a report before done and after the window', async () => {
    const confirmed = await confirmedOn('2026-12-22');
    const early = await client.post(`/api/bookings/${confirmed.lineId}/dispute`, { reason: 'Todavía no vino' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Sólo se puede reportar un problema de una reserva realizada');
    const { lineId } = await doneOn('2026-12-23');
    clock.advanceHours(72);
    clock.set(clock.now().getTime() + 1000);
    const late = await client.post(`/api/bookings/${lineId}/dispute`, { reason: 'Quedó mal' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('El plazo para reportar un problema (72 horas después de realizada) terminó');
  });

  it('the administrator reads both sides and resolves: partial, full and none, each refund requested once', async () => {
    /** A done booking with the client's report, made within its window. */
    const disputed = async (date: string) => {
      const booked = await doneOn(date);
      expect((await client.post(`/api/bookings/${booked.lineId}/dispute`, { reason: `Problema ${booked.lineId}` })).status).toBe(200);
      return booked;
    };
    const partial = await disputed('2026-12-24');
    const full = await disputed('2026-12-26');
    const none = await disputed('2026-12-28');
    await pro.post(`/api/bookings/${partial.lineId}/dispute/answer`, { answer: 'Hice todo' });

    expect((await client.get('/api/admin/disputes')).status).toBe(403);
    const open = (await admin.get('/api/admin/disputes?status=open')).body;
    const listed = open.find((dispute: { lineId: number }) => dispute.lineId === partial.lineId);
    expect(listed).toMatchObject({
      status: 'open',
      reason: `Problema ${partial.lineId}`,
      professionalAnswer: 'Hice todo',
      client: { id: clientId, firstName: expect.any(String) },
      professional: { id: proId, firstName: 'Juan', lastName: 'Pérez' },
      dates: ['2026-12-24'],
      amount: 10000,
      refundedAmount: 0,
      lineStatus: 'done',
    });

    const tooMuch = await admin.post(`/api/admin/disputes/${listed.id}/resolve`, { resolution: 'partial', refundAmount: 10000 });
    expect(tooMuch.status).toBe(400);
    const resolved = await admin.post(`/api/admin/disputes/${listed.id}/resolve`, {
      resolution: 'partial',
      refundAmount: 3000,
      note: 'Mitad del arreglo',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolution: 'partial', refundAmount: 3000, adminNote: 'Mitad del arreglo' });
    expect((await admin.post(`/api/admin/disputes/${listed.id}/resolve`, { resolution: 'none' })).status).toBe(409);

    const idOf = (lineId: number) => open.find((dispute: { lineId: number }) => dispute.lineId === lineId).id;
    expect((await admin.post(`/api/admin/disputes/${idOf(full.lineId)}/resolve`, { resolution: 'full' })).body).toMatchObject({
      resolution: 'full',
      refundAmount: 10000,
    });
    expect((await admin.post(`/api/admin/disputes/${idOf(none.lineId)}/resolve`, { resolution: 'none' })).body).toMatchObject({
      resolution: 'none',
      refundAmount: 0,
    });

    expect(await refundRequests(partial.lineId)).toEqual([{ amountCents: 300000, cause: 'dispute' }]);
    expect(await refundRequests(full.lineId)).toEqual([{ amountCents: 1000000, cause: 'dispute' }]);
    expect(await refundRequests(none.lineId)).toEqual([]);
    // MercadoPago (the sandbox) refunds; the lines stay done with what was given back.
    await drained(ctx.app, ctx.db.dataSource);
    await eventually(async () => (await lineRow(partial.lineId)).refundedCents === 300000);
    await eventually(async () => (await lineRow(full.lineId)).refundedCents === 1000000);
    expect((await lineRow(partial.lineId)).lineStatus).toBe('done');
    expect((await lineRow(full.lineId)).lineStatus).toBe('done');
    const view = (await client.get(`/api/clients/${clientId}`)).body.orders
      .flatMap((order: { orderDetails: unknown[] }) => order.orderDetails)
      .find((line: { id: number }) => line.id === partial.lineId);
    expect(view).toMatchObject({ refundedAmount: 3000, dispute: { status: 'resolved', refundAmount: 3000 } });
    expect((await admin.get('/api/admin/disputes?status=resolved')).body.map((d: { lineId: number }) => d.lineId)).toEqual(
      expect.arrayContaining([partial.lineId, full.lineId, none.lineId]),
    );
    expect(JSON.stringify((await client.get('/api/notifications')).body)).toContain(
      `Resolvimos tu reporte sobre la reserva ${partial.lineId} (jueves 24 dic): te devolvemos`,
    );
  });
});

describe("the professional's mail decision", () => {
  /** The token of the newest "Aceptar" link mailed to Juan for `lineId`'s order. */
  async function decisionToken(orderId: number): Promise<string> {
    return eventually(() => {
      const mail = mailsTo(ctx.config.mail.outboxDir, 'juan@aftercare.test')
        .filter((text) => text.includes(`(orden ${orderId})`))
        .pop();
      const match = mail && /\/trabajos\/decision\?token=([\w.-]+)&action=accept/.exec(mail);
      if (!match) throw new Error('no decision link mailed yet');
      expect(mail).toContain(`/trabajos/decision?token=${match[1]}&action=decline`);
      return match[1];
    });
  }

  it('accepts once by the signed link; a reused or forged link is refused', async () => {
    const { orderId, lineId } = await orderOn('2027-01-05');
    const token = await decisionToken(orderId);
    const anonymous = await browser(http);
    const accepted = await anonymous.post('/api/bookings/decision', { token, action: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: lineId, lineStatus: 'confirmed' });
    const reused = await anonymous.post('/api/bookings/decision', { token, action: 'decline' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('No se puede rechazar una reserva confirmada');
    const [body, signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ lineId: lineId + 1, professionalId: proId, exp: Date.now() + 1e9 })).toString(
      'base64url',
    );
    for (const forged of [`${forgedBody}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, 'nada']) {
      const refused = await anonymous.post('/api/bookings/decision', { token: forged, action: 'accept' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_link' });
      expect(refused.body.message).toContain('El enlace no es válido o ya venció');
    }
  });

  it('declines by the link with a reason; an expired link is refused', async () => {
    const declined = await orderOn('2027-01-06');
    const declineToken = await decisionToken(declined.orderId);
    const answer = await (
      await browser(http)
    ).post('/api/bookings/decision', {
      token: declineToken,
      action: 'decline',
      reason: 'Sin materiales',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ lineStatus: 'declined', declineReason: 'Sin materiales' });

    const late = await orderOn('2027-01-07');
    const lateToken = await decisionToken(late.orderId);
    clock.advanceHours(25); // past PROFESSIONAL_RESPONSE_HOURS: the link's expiry
    const expired = await (await browser(http)).post('/api/bookings/decision', { token: lateToken, action: 'accept' });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('invalid_link');
  });
});
