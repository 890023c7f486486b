import { centsToPesos, refundIdempotencyKey, type EventPayload, type ProfessionalListItem, type RefundCause } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { OutboxService } from '../src/modules/outbox';
import { PAYMENT_PROVIDER, PaymentCredentials, PaymentRefundsRepository, SandboxStore, recordsOf, type PaymentProvider } from './factories';
import { drained, orderFromCart, orderStatus, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { registerAccount } from './support/http-client';
import { sandboxTools } from './support/sandbox';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;
let accessToken: string;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 40 });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  accessToken = (await ctx.app.get(PaymentCredentials, { strict: false }).get()).accessToken;
  pros = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).filter((p) => p.availableDays.length >= 2);
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => ctx?.close());

interface PaidOrder {
  orderId: number;
  clientId: number;
  /** The provider's payment id (the sandbox's). */
  paymentId: string;
  /** Our payments row. */
  paymentRowId: number;
  paidCents: number;
  lines: { id: number; amountCents: number }[];
}

let used = 0;
/** Professionals no other test booked: each order has days of its own. */
const freshPros = (count: number) => {
  used += count;
  if (used > pros.length) throw new Error('not enough professionals for the suite');
  return pros.slice(used - count, used);
};

/** A client books two professionals (two days each) and pays in the sandbox, as the API's flows do it. */
async function paidOrder(email: string, professionals = freshPros(2)): Promise<PaidOrder> {
  const { client, id } = await registerAccount(http, email);
  const cartId = (await client.get('/home/user/me')).body.cart.id;
  const order = await orderFromCart(client, cartId, professionals, 2);
  await payOrder(http, ctx.db.dataSource, client, order.id);
  const [payment] = await recordsOf(ctx).payments({ orderId: order.id, status: 'approved' });
  const lines = (await recordsOf(ctx).bookings({ orderId: order.id })).map(({ id, reservationAmountCents }) => ({
    id,
    amountCents: reservationAmountCents,
  }));
  await drained(ctx.app, ctx.db.dataSource);
  return {
    orderId: order.id,
    clientId: id,
    paymentId: payment.providerPaymentId!,
    paymentRowId: payment.id,
    paidCents: Number(payment.amountCents),
    lines: lines.map((line) => ({ id: line.id, amountCents: Number(line.amountCents) })),
  };
}

/** What orders writes when a line's money is owed back. */
function refundRequest(order: PaidOrder, line: { id: number }, amountCents: number, cause: RefundCause = 'declined') {
  return {
    lineId: line.id,
    orderId: order.orderId,
    clientId: order.clientId,
    amountCents,
    cause,
    idempotencyKey: refundIdempotencyKey(line.id, cause),
  } satisfies EventPayload<'BookingRefundRequested'>;
}

/** Writes BookingRefundRequested to the outbox through the app's OutboxService, in a transaction, as orders does. */
async function requestRefund(payload: EventPayload<'BookingRefundRequested'>): Promise<void> {
  const outbox = ctx.app.get(OutboxService, { strict: false });
  await outbox.transaction((manager) => outbox.record(manager, 'BookingRefundRequested', payload));
}

interface RefundRow {
  id: number;
  status: string;
  amountCents: number;
  providerRefundId: string | null;
  failure: string | null;
  paymentId: number;
}

async function refundRows(lineId: number): Promise<RefundRow[]> {
  return (await recordsOf(ctx).refunds({ bookingId: lineId })).map(({ id, status, amountCents, providerRefundId, failure, paymentId }) => ({
    id,
    status,
    amountCents,
    providerRefundId,
    failure,
    paymentId,
  }));
}

/** The BookingRefundSettled events written for a line. */
async function settlements(lineId: number): Promise<EventPayload<'BookingRefundSettled'>[]> {
  const rows = await recordsOf(ctx).outboxEvents('BookingRefundSettled', { lineId });
  return rows.map((row) => row.payload as EventPayload<'BookingRefundSettled'>);
}

/** The sandbox's REST emulation, as the SDK (or anyone holding the token) calls it. */
const sandboxRefunds = (paymentId: string) =>
  request(http).get(`/sandbox/mercadopago/v1/payments/${paymentId}/refunds`).set('authorization', `Bearer ${accessToken}`);
const sandboxPayment = (paymentId: string) =>
  request(http).get(`/sandbox/mercadopago/v1/payments/${paymentId}`).set('authorization', `Bearer ${accessToken}`);
const sandboxRefund = (paymentId: string, body: object, idempotencyKey?: string) => {
  const call = request(http).post(`/sandbox/mercadopago/v1/payments/${paymentId}/refunds`).set('authorization', `Bearer ${accessToken}`);
  return (idempotencyKey === undefined ? call : call.set('x-idempotency-key', idempotencyKey)).send(body);
};

const paymentRow = async (id: number): Promise<{ status: string; refundDue: boolean }> => {
  const [{ status, refundDue }] = await recordsOf(ctx).payments({ id });
  return { status, refundDue };
};

describe('line refunds through the provider (BookingRefundRequested)', () => {
  it('refunds a line once: one provider refund, the row approved, one BookingRefundSettled; the paid order is not touched', async () => {
    const order = await paidOrder('one@refund.test');
    const [line] = order.lines;
    await requestRefund(refundRequest(order, line, line.amountCents));

    const [settled] = await eventually(async () => {
      const rows = await refundRows(line.id);
      expect(rows).toMatchObject([{ status: 'approved', amountCents: line.amountCents, paymentId: order.paymentRowId, failure: null }]);
      return rows;
    });
    expect(settled.providerRefundId).toMatch(/^\d+$/);
    const refunds = (await sandboxRefunds(order.paymentId)).body;
    expect(refunds).toMatchObject([{ id: Number(settled.providerRefundId), amount: centsToPesos(line.amountCents), status: 'approved' }]);
    expect(await settlements(line.id)).toEqual([
      {
        refundId: settled.id,
        lineId: line.id,
        orderId: order.orderId,
        clientId: order.clientId,
        amountCents: line.amountCents,
        cause: 'declined',
        status: 'approved',
        idempotencyKey: refundIdempotencyKey(line.id, 'declined'),
      },
    ]);
    // The sandbox notified the refund (a payment notification): the order stays paid, the payment approved.
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.orderId)).toBe('procesando');
    expect(await paymentRow(order.paymentRowId)).toEqual({ status: 'approved', refundDue: false });
    expect((await sandboxPayment(order.paymentId)).body).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: centsToPesos(line.amountCents),
    });

    // The event redelivered, twice at once (a relay retry, a double call): nothing more.
    await Promise.all([
      requestRefund(refundRequest(order, line, line.amountCents)),
      requestRefund(refundRequest(order, line, line.amountCents)),
    ]);
    await drained(ctx.app, ctx.db.dataSource);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(1);
    expect(await refundRows(line.id)).toHaveLength(1);
    expect(await settlements(line.id)).toHaveLength(1);
  });

  it('two requests of one line at once (before any row exists) make one row and one provider refund', async () => {
    const order = await paidOrder('double@refund.test');
    const [line] = order.lines;
    const provider = ctx.app.get<PaymentProvider>(PAYMENT_PROVIDER, { strict: false });
    const calls = jest.spyOn(provider, 'refundPayment');
    await Promise.all([
      requestRefund(refundRequest(order, line, line.amountCents)),
      requestRefund(refundRequest(order, line, line.amountCents)),
    ]);
    await eventually(async () => expect(await settlements(line.id)).toHaveLength(1));
    await drained(ctx.app, ctx.db.dataSource);
    expect(await refundRows(line.id)).toMatchObject([{ status: 'approved' }]);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(1);
    expect(await settlements(line.id)).toHaveLength(1);
    // Each job that found the row still requested asked with the same key; the provider made one refund.
    expect(calls.mock.calls.every(([, , key]) => key === refundIdempotencyKey(line.id, 'declined'))).toBe(true);
  });

  it('a job killed after the provider refunded and before it recorded it is retried and refunds once', async () => {
    const order = await paidOrder('killed@refund.test');
    const [line] = order.lines;
    const provider = ctx.app.get<PaymentProvider>(PAYMENT_PROVIDER, { strict: false });
    const calls = jest.spyOn(provider, 'refundPayment');
    // The provider call succeeds; the process "dies" on recording its answer (once): the job fails and is retried.
    const recording = jest
      .spyOn(ctx.app.get(PaymentRefundsRepository, { strict: false }), 'saveOutcome')
      .mockRejectedValueOnce(new Error('el proceso murió antes de registrar el reembolso'));
    await requestRefund(refundRequest(order, line, line.amountCents, 'expired'));

    await eventually(async () => expect(await refundRows(line.id)).toMatchObject([{ status: 'approved' }]));
    await drained(ctx.app, ctx.db.dataSource);
    expect(recording.mock.calls.length).toBeGreaterThanOrEqual(2);
    // Asked twice, with the same key: one refund at the provider.
    expect(calls.mock.calls.map(([paymentId, amount, key]) => [paymentId, amount, key])).toEqual([
      [order.paymentId, line.amountCents, refundIdempotencyKey(line.id, 'expired')],
      [order.paymentId, line.amountCents, refundIdempotencyKey(line.id, 'expired')],
    ]);
    const refunds = (await sandboxRefunds(order.paymentId)).body;
    expect(refunds).toHaveLength(1);
    expect((await refundRows(line.id))[0].providerRefundId).toBe(String(refunds[0].id));
    expect(await settlements(line.id)).toMatchObject([{ status: 'approved', cause: 'expired', amountCents: line.amountCents }]);
  });

  it('a refund the provider keeps in process is settled by its notification; replayed 20 times, it settles once', async () => {
    const order = await paidOrder('notified@refund.test');
    const [line] = order.lines;
    const store = ctx.app.get(SandboxStore, { strict: false });
    await store.holdRefunds(order.paymentId);
    await requestRefund(refundRequest(order, line, line.amountCents, 'professional_cancelled'));
    // The provider answered in_process: the row knows the provider's refund and waits.
    const [waiting] = await eventually(async () => {
      const rows = await refundRows(line.id);
      expect(rows).toMatchObject([{ status: 'requested', providerRefundId: expect.stringMatching(/^\d+$/) }]);
      return rows;
    });
    await drained(ctx.app, ctx.db.dataSource);
    expect(await settlements(line.id)).toEqual([]);

    // The provider approves it and notifies (a payment notification); the notification arrives 20 times at once.
    await store.settleHeldRefunds(order.paymentId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sandbox.signedNotification(order.paymentId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    await eventually(async () => expect(await settlements(line.id)).toHaveLength(1));
    await drained(ctx.app, ctx.db.dataSource);
    expect(await refundRows(line.id)).toEqual([{ ...waiting, status: 'approved' }]);
    expect(await settlements(line.id)).toMatchObject([{ refundId: waiting.id, status: 'approved', cause: 'professional_cancelled' }]);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(1);
    expect(await orderStatus(ctx.db.dataSource, order.orderId)).toBe('procesando');
    expect(await paymentRow(order.paymentRowId)).toEqual({ status: 'approved', refundDue: false });
  });

  it('refunds part of a line, then the rest of the payment: a payment refunded in full still paid its order', async () => {
    const order = await paidOrder('partial@refund.test');
    const [first, second] = order.lines;
    const half = Math.floor(first.amountCents / 2);
    await requestRefund(refundRequest(order, first, half, 'client_cancelled'));
    await eventually(async () => expect(await refundRows(first.id)).toMatchObject([{ status: 'approved', amountCents: half }]));
    expect((await sandboxPayment(order.paymentId)).body).toMatchObject({
      status: 'approved',
      transaction_amount_refunded: centsToPesos(half),
    });

    // Everything else the payment holds (each booking's refunds within its own price: the database sees to it), the
    // other line's and the rest of the first: the payment is then refunded in full.
    await requestRefund(refundRequest(order, second, second.amountCents, 'admin_cancelled'));
    await eventually(async () =>
      expect(await refundRows(second.id)).toMatchObject([{ status: 'approved', amountCents: second.amountCents }]),
    );
    const rest = order.paidCents - half - second.amountCents;
    await requestRefund(refundRequest(order, first, rest, 'dispute'));
    await eventually(async () =>
      expect(await refundRows(first.id)).toMatchObject([
        { status: 'approved', amountCents: half },
        { status: 'approved', amountCents: rest },
      ]),
    );
    expect((await sandboxPayment(order.paymentId)).body).toMatchObject({
      status: 'refunded',
      transaction_amount_refunded: centsToPesos(order.paidCents),
    });
    // Its notification (the sandbox's, and one more) reads the refunded payment: the order is not cancelled.
    expect((await sandbox.signedNotification(order.paymentId)).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.orderId)).toBe('procesando');
    expect(await paymentRow(order.paymentRowId)).toEqual({ status: 'approved', refundDue: false });
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(3);
  });

  it('refuses an amount above what the payment still holds: no provider call, settled failed, administrators alerted', async () => {
    const order = await paidOrder('too-much@refund.test');
    const [first, second] = order.lines;
    await requestRefund(refundRequest(order, first, first.amountCents));
    await eventually(async () => expect(await refundRows(first.id)).toMatchObject([{ status: 'approved' }]));
    const provider = ctx.app.get<PaymentProvider>(PAYMENT_PROVIDER, { strict: false });
    const calls = jest.spyOn(provider, 'refundPayment');

    const left = order.paidCents - first.amountCents;
    await requestRefund(refundRequest(order, second, left + 1, 'dispute'));
    await eventually(async () => expect(await settlements(second.id)).toHaveLength(1));
    await drained(ctx.app, ctx.db.dataSource);
    expect(calls).not.toHaveBeenCalled();
    const [refused] = await refundRows(second.id);
    expect(refused).toMatchObject({ status: 'failed', providerRefundId: null, amountCents: left + 1 });
    expect(refused.failure).toContain('supera lo que queda del pago');
    expect(await settlements(second.id)).toEqual([
      {
        refundId: refused.id,
        lineId: second.id,
        orderId: order.orderId,
        clientId: order.clientId,
        amountCents: left + 1,
        cause: 'dispute',
        status: 'failed',
        idempotencyKey: refundIdempotencyKey(second.id, 'dispute'),
      },
    ]);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(1);
    // Money still owed: the payment and the order's alert say so.
    expect(await paymentRow(order.paymentRowId)).toEqual({ status: 'approved', refundDue: true });
    const alerts = (await recordsOf(ctx).paymentAlerts({ orderId: order.orderId, paymentId: order.paymentRowId })).map(
      ({ refundDue, reason }) => ({ refundDue, reason }),
    );
    expect(alerts).toEqual([{ refundDue: true, reason: expect.stringContaining(`de la línea ${second.id} falló`) }]);
    // Asking again is settled already: nothing more.
    await requestRefund(refundRequest(order, second, left + 1, 'dispute'));
    await drained(ctx.app, ctx.db.dataSource);
    expect(await settlements(second.id)).toHaveLength(1);
  });
});

describe('sandbox refunds (MercadoPago’s POST /v1/payments/{id}/refunds)', () => {
  it('the same X-Idempotency-Key twice, even at once, answers one refund; amounts above what is left are refused', async () => {
    const order = await paidOrder('sandbox@refund.test');
    const paid = (await sandboxPayment(order.paymentId)).body;
    expect(paid).toMatchObject({ status: 'approved', transaction_amount_refunded: 0, refunds: [] });

    const [one, two] = await Promise.all([
      sandboxRefund(order.paymentId, { amount: 10 }, 'sandbox-key-1'),
      sandboxRefund(order.paymentId, { amount: 10 }, 'sandbox-key-1'),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body).toMatchObject({ payment_id: Number(order.paymentId), amount: 10, status: 'approved' });
    expect(two.body).toEqual(one.body);
    // A third time, later: still that refund.
    expect((await sandboxRefund(order.paymentId, { amount: 10 }, 'sandbox-key-1')).body).toEqual(one.body);
    expect((await sandboxRefunds(order.paymentId)).body).toEqual([one.body]);
    expect((await sandboxPayment(order.paymentId)).body).toMatchObject({ transaction_amount_refunded: 10, status: 'approved' });

    // Above what is left: refused as MercadoPago refuses, nothing made.
    const left = centsToPesos(order.paidCents - 1000);
    const tooMuch = await sandboxRefund(order.paymentId, { amount: centsToPesos(order.paidCents - 999) }, 'sandbox-key-2');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ status: 400, error: 'bad_request', cause: [{ code: 'amount_exceeded' }] });
    // Without a key, or with a non-amount: refused.
    expect((await sandboxRefund(order.paymentId, { amount: 1 })).status).toBe(400);
    expect((await sandboxRefund(order.paymentId, { amount: 0.001 }, 'sandbox-key-3')).status).toBe(400);
    expect((await sandboxRefund(order.paymentId, { amount: -5 }, 'sandbox-key-3')).status).toBe(400);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(1);

    // No amount: all that is left; then the payment is refunded, and nothing more can be.
    const rest = await sandboxRefund(order.paymentId, {}, 'sandbox-key-4');
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(left);
    expect((await sandboxPayment(order.paymentId)).body).toMatchObject({
      status: 'refunded',
      status_detail: 'refunded',
      transaction_amount_refunded: centsToPesos(order.paidCents),
    });
    expect((await sandboxRefund(order.paymentId, { amount: 1 }, 'sandbox-key-5')).status).toBe(400);
    expect((await sandboxRefunds(order.paymentId)).body).toHaveLength(2);
    // The refunds were notified as payment changes: the order read them and stayed paid.
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.orderId)).toBe('procesando');
  });

  it('a payment given back in full before its notification was applied does not pay its order', async () => {
    const { client } = await registerAccount(http, 'given-back@refund.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, freshPros(1));
    // Paid without a notification (the test delivers it), then refunded in full at the provider first.
    const paymentId = await sandbox.silentPayment(client, order);
    expect((await sandboxRefund(paymentId, {}, 'given-back-1')).status).toBe(201);
    expect((await sandbox.signedNotification(paymentId)).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    const [row] = (await recordsOf(ctx).payments({ providerPaymentId: paymentId })).map(
      ({ status, needsReview, refundDue, reviewReason }) => ({
        status,
        needsReview,
        refundDue,
        reason: reviewReason,
      }),
    );
    expect(row).toEqual({
      status: 'approved',
      needsReview: true,
      refundDue: false,
      reason: expect.stringContaining('devuelto por completo'),
    });
  });

  it('refuses another token, and answers 404 for a payment it does not have', async () => {
    expect(
      (
        await request(http)
          .post('/sandbox/mercadopago/v1/payments/1/refunds')
          .set('authorization', 'Bearer otro')
          .set('x-idempotency-key', 'k')
          .send({})
      ).status,
    ).toBe(401);
    expect((await sandboxRefund('9999999999999', {}, 'k')).status).toBe(404);
    expect((await sandboxRefunds('9999999999999')).status).toBe(404);
  });
});
