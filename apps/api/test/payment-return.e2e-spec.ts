import { centsToPesos, type ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { SandboxStore, recordsOf } from './factories';
import { cartIdOf, drained, orderStatus } from './support/checkout';
import { registerAccount, type BrowserClient } from './support/http-client';
import { sandboxTools } from './support/sandbox';
import { connectSocket, socketCredentials, type TestSocket } from './support/sockets';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Paid means paid: back from MercadoPago the page shows the order's real state, read from the provider (never from
 * the URL), and applied once together with its notification; an order whose cart changed says it was replaced; an
 * unpaid order is paid again or dropped, never duplicated.
 */
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;
let used = 0;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 20 });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => ctx?.close());

/** A new client with one professional (its first day) in the server cart, not checked out yet. */
async function clientWithCart(email: string): Promise<{ client: BrowserClient; cartId: number; professional: ProfessionalListItem }> {
  const { client } = await registerAccount(http, email);
  const professional = pros[used++];
  expect((await client.post('/api/cart', { professionalId: professional.id, days: professional.availableDays.slice(0, 1) })).status).toBe(
    201,
  );
  return { client, cartId: await cartIdOf(client), professional };
}

async function unpaidOrder(email: string) {
  const { client, cartId } = await clientWithCart(email);
  const created = await client.post('/api/orders', { cartId });
  expect(created.status).toBe(201);
  return { client, cartId, order: created.body.newOrder as { id: number; amount: number } };
}

/** The back URL's parameters as the web page posts them. */
const backFrom = (paymentId: string | null, orderId: number) => ({ paymentId, orderId, externalReference: orderId });

const changesOf = async (orderId: number) =>
  (await recordsOf(ctx).orderStatusChanges(orderId)).map(({ fromStatus, toStatus, reason }) => ({ fromStatus, toStatus, reason }));

describe('back from MercadoPago: the state the server reads', () => {
  it('approved: answers the paid order at once, before any notification', async () => {
    const { client, order } = await unpaidOrder('approved@return.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const back = await client.post('/api/mercado/return', backFrom(paymentId, order.id));
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ orderId: order.id, status: 'procesando', payment: 'approved' });
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'procesando', reason: 'payment-approved' }]);
  });

  it('rejected: the order is cancelled as the provider says, and the answer says rejected', async () => {
    const { client, order } = await unpaidOrder('rejected@return.test');
    const paymentId = await sandbox.silentPayment(client, order, { decision: 'reject' });
    const back = await client.post('/api/mercado/return', backFrom(paymentId, order.id));
    expect(back.body).toEqual({ orderId: order.id, status: 'cancelada', payment: 'rejected' });
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
  });

  it('pending: a payment still in process leaves the order waiting and says pending', async () => {
    const { client, order } = await unpaidOrder('pending@return.test');
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(201);
    const reference = await recordsOf(ctx).paymentReferenceOf(order.id);
    const pending = await ctx.app.get(SandboxStore, { strict: false }).savePayment({
      status: 'in_process',
      status_detail: 'pending_waiting_payment',
      external_reference: String(order.id),
      preference_id: 'sbx-pending',
      transaction_amount: order.amount,
      currency_id: ctx.config.payments.currency,
      metadata: { oficios_reference: reference },
      date_created: new Date().toISOString(),
      date_approved: null,
    });
    const back = await client.post('/api/mercado/return', backFrom(String(pending.id), order.id));
    expect(back.body).toEqual({ orderId: order.id, status: 'creada', payment: 'pending' });
    // Back without a payment id (MercadoPago writes "null"): the provider's latest payment of the order answers.
    expect((await client.post('/api/mercado/return', backFrom('null', order.id))).body).toEqual({
      orderId: order.id,
      status: 'creada',
      payment: 'pending',
    });
  });

  it('left unpaid: no payment at all reads none, and the order still waits', async () => {
    const { client, order } = await unpaidOrder('left@return.test');
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(201);
    const back = await client.post('/api/mercado/return', { paymentId: null, orderId: order.id });
    expect(back.body).toEqual({ orderId: order.id, status: 'creada', payment: 'none' });
  });

  it('the URL is never believed: a rejected payment sent back as "approved" reads rejected', async () => {
    const { client, order } = await unpaidOrder('forged-status@return.test');
    const paymentId = await sandbox.silentPayment(client, order, { decision: 'reject' });
    const back = await client.post('/api/mercado/return', {
      ...backFrom(paymentId, order.id),
      status: 'approved',
      collectionStatus: 'approved',
    });
    expect(back.body.payment).toBe('rejected');
    expect(back.body.status).toBe('cancelada');
  });

  it("refuses someone else's order or payment, and a payment of another order than the URL names, changing nothing", async () => {
    const { client, order } = await unpaidOrder('owner@return.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const { order: second } = await unpaidOrder('owner-2@return.test');
    const { client: intruder } = await registerAccount(http, 'intruder@return.test');

    // Another client's payment, or another client's order without a payment: 404, as if it did not exist.
    expect((await intruder.post('/api/mercado/return', backFrom(paymentId, order.id))).status).toBe(404);
    expect((await intruder.post('/api/mercado/return', { orderId: order.id })).status).toBe(404);
    // The owner's payment sent back naming another order (someone else's): refused before anything is applied.
    const mismatch = await client.post('/api/mercado/return', backFrom(paymentId, second.id));
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe('payment_mismatch');
    // The URL naming two different orders.
    expect((await client.post('/api/mercado/return', { paymentId, orderId: order.id, externalReference: second.id })).status).toBe(409);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    expect(await recordsOf(ctx).providerPayments(order.id)).toEqual([]);
    // Unknown payment, unknown order, malformed input.
    expect((await client.post('/api/mercado/return', { paymentId: '123456789012' })).status).toBe(404);
    expect((await client.post('/api/mercado/return', { orderId: 999_999 })).status).toBe(404);
    const malformed = await client.post('/api/mercado/return', { orderId: 'x1' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'orderId', message: 'orderId debe ser el número de la orden' }]);
    const empty = await client.post('/api/mercado/return', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('Falta el pago (paymentId) o la orden (orderId) de la vuelta de MercadoPago');
  });

  it('an approved payment for less than the order is never "Pago aprobado": it reads pending, the order still waits', async () => {
    const { client, order } = await unpaidOrder('short@return.test');
    const paymentId = await sandbox.silentPayment(client, order, { amount: centsToPesos(100) });
    const back = await client.post('/api/mercado/return', backFrom(paymentId, order.id));
    expect(back.body).toEqual({ orderId: order.id, status: 'creada', payment: 'pending' });
  });
});

describe('the back URL and the notification together', () => {
  it('apply the approved payment once, whichever comes first (real parallel requests)', async () => {
    const { client, order } = await unpaidOrder('together@return.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const answers = await Promise.all([
      client.post('/api/mercado/return', backFrom(paymentId, order.id)),
      sandbox.signedNotification(paymentId),
      client.post('/api/mercado/return', backFrom(paymentId, order.id)),
      sandbox.signedNotification(paymentId),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0].body).toEqual({ orderId: order.id, status: 'procesando', payment: 'approved' });
    await drained(ctx.app, ctx.db.dataSource);
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'procesando', reason: 'payment-approved' }]);
    const payments = await recordsOf(ctx).providerPayments(order.id);
    expect(payments.map(({ status, refundDue, needsReview }) => ({ status, refundDue, needsReview }))).toEqual([
      { status: 'approved', refundDue: false, needsReview: false },
    ]);
    // The webhook's job ran after the return applied it: nothing more happened.
    expect((await client.post('/api/mercado/return', backFrom(paymentId, order.id))).body.status).toBe('procesando');
  });

  it("the client's open pages hear of the change live (order:status on its sockets)", async () => {
    const { client, order } = await unpaidOrder('live@return.test');
    const socket = await connectSocket(ctx.config.publicApiUrl, await socketCredentials(client, 'live@return.test'));
    sockets.push(socket);
    const paymentId = await sandbox.silentPayment(client, order);
    expect((await sandbox.signedNotification(paymentId)).status).toBe(200);
    expect(await socket.waitFor('order:status', (change) => change.orderId === order.id)).toEqual({
      orderId: order.id,
      status: 'procesando',
      reason: 'payment-approved',
    });
  });
});

describe('one open order per cart', () => {
  it('opening the summary again for the same cart answers the same order, even 10 requests at once', async () => {
    const { client, cartId, order } = await unpaidOrder('again@return.test');
    expect((await client.post('/api/orders', { cartId })).body.newOrder.id).toBe(order.id);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/orders', { cartId })));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(parallel.map((answer) => answer.body.newOrder.id))).toEqual(new Set([order.id]));
    expect((await recordsOf(ctx).orders({ cartId })).map((o) => o.id)).toEqual([order.id]);
  });

  it('the first checkout of a cart, double-clicked, makes one order', async () => {
    const { client, cartId } = await clientWithCart('double@return.test');
    const parallel = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/orders', { cartId })));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(parallel.map((answer) => answer.body.newOrder.id)).size).toBe(1);
    expect(await recordsOf(ctx).orders({ cartId })).toHaveLength(1);
  });

  it('a changed cart replaces its open order, and the old one says "reemplazada por otra orden", not cancelled by anyone', async () => {
    const { client, cartId, order } = await unpaidOrder('replaced@return.test');
    const extra = pros[used++];
    expect((await client.post('/api/cart', { professionalId: extra.id, days: extra.availableDays.slice(0, 1) })).status).toBe(201);
    const parallel = await Promise.all(Array.from({ length: 4 }, () => client.post('/api/orders', { cartId })));
    const replacement = parallel[0].body.newOrder.id as number;
    expect(replacement).not.toBe(order.id);
    expect(new Set(parallel.map((answer) => answer.body.newOrder.id))).toEqual(new Set([replacement]));
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', reason: 'cart-changed' }]);

    const history = (await client.get('/home/user/me')).body.profile.shoppingHistory as { orderId: number; cancellationReason: unknown }[];
    expect(history.filter((line) => line.orderId === order.id).map((line) => line.cancellationReason)).toEqual(['cart-changed']);
    expect(history.filter((line) => line.orderId === replacement).every((line) => line.cancellationReason === null)).toBe(true);
    const orders = (await client.get('/api/orders')).body as { id: number; status: string; cancellationReason: unknown }[];
    expect(orders.find((o) => o.id === order.id)).toMatchObject({ status: 'cancelada', cancellationReason: 'cart-changed' });
    expect(orders.find((o) => o.id === replacement)).toMatchObject({ status: 'creada', cancellationReason: null });
    // Its client is told so.
    await drained(ctx.app, ctx.db.dataSource);
    const notices = (await client.get('/api/notifications')).body as { message: string }[];
    expect(notices.map((notice) => notice.message)).toContain(`Tu orden ${order.id} fue reemplazada por otra orden: cambiaste tu carrito`);
  });
});

describe('an order the client did not finish paying', () => {
  it('is paid again with its still-valid link, from the history', async () => {
    const { client, order } = await unpaidOrder('pay-again@return.test');
    const first = await client.post('/api/mercado', { orderId: order.id });
    // Back without paying: it still waits, and "Pagar" again answers the same link, which still pays it.
    expect((await client.post('/api/mercado/return', { paymentId: null, orderId: order.id })).body.payment).toBe('none');
    const again = await Promise.all([
      client.post('/api/mercado', { orderId: order.id }),
      client.post('/api/mercado', { orderId: order.id }),
    ]);
    expect(again.map((answer) => answer.body.url)).toEqual([first.body.url, first.body.url]);
    const paid = await sandbox.payInSandbox(first.body.url, 'approve');
    const paymentId = new URL(paid.headers.location).searchParams.get('payment_id')!;
    expect((await client.post('/api/mercado/return', backFrom(paymentId, order.id))).body).toEqual({
      orderId: order.id,
      status: 'procesando',
      payment: 'approved',
    });
  });

  it("is dropped by its client: cancelled as the client's, its link closed, and it can no longer be paid", async () => {
    const { client, cartId, order } = await unpaidOrder('drop@return.test');
    const link = await client.post('/api/mercado', { orderId: order.id });
    const dropped = await client.delete(`/api/orders/${order.id}`);
    expect(dropped.status).toBe(200);
    expect(dropped.body.order).toMatchObject({ id: order.id, status: 'cancelada', cancellationReason: 'client-cancelled' });
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(409);
    await sandbox.closedLink(link.body.url);
    // The cart is kept: checking it out again makes a new order.
    const next = await client.post('/api/orders', { cartId });
    expect(next.status).toBe(201);
    expect(next.body.newOrder.id).not.toBe(order.id);
    // Nobody else drops it.
    const { client: intruder } = await registerAccount(http, 'drop-intruder@return.test');
    expect((await intruder.delete(`/api/orders/${next.body.newOrder.id}`)).status).toBe(403);
    expect(await orderStatus(ctx.db.dataSource, next.body.newOrder.id)).toBe('creada');
  });
});
