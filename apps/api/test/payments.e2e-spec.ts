import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, dateLabel, expireOrderJobId, pesosToCents, type ProfessionalListItem } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { MovableClock } from '../src/common/clock/clock';
import { Reconciler } from '../src/modules/reconciliation';
import { ageOrder, mercadoPagoSignature, recordsOf } from './factories';
import { drained, orderFromCart, orderStatus } from './support/checkout';
import { eventually } from './support/eventually';
import { DEMO_PASSWORD } from '../src/config/demo';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { sandboxTools } from './support/sandbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 12 });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  pros = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).filter((p) => p.availableDays.length >= 2);
});
afterAll(() => ctx?.close());

async function newClient(email: string): Promise<{ client: BrowserClient; id: number; cartId: number }> {
  const { client, id } = await registerAccount(http, email);
  return { client, id, cartId: (await client.get('/home/user/me')).body.cart.id };
}

const payInSandbox = (url: string, decision: 'approve' | 'reject') => sandbox.payInSandbox(url, decision);
const signedNotification = (paymentId: string, options?: { secret?: string; ts?: number; requestId?: string }) =>
  sandbox.signedNotification(paymentId, options);

const changesOf = async (orderId: number): Promise<{ fromStatus: string; toStatus: string; reason: string }[]> =>
  (await recordsOf(ctx).orderStatusChanges(orderId)).map(({ fromStatus, toStatus, reason }) => ({ fromStatus, toStatus, reason }));

/** The order's payment the provider made (not the link rows), as the panel's alert reads it. */
const providerPaymentOf = async (orderId: number): Promise<{ status: string; refundDue: boolean; reviewReason: string | null }> => {
  const { status, refundDue, reviewReason } = (await recordsOf(ctx).providerPaymentOf(orderId))!;
  return { status, refundDue, reviewReason };
};

describe('sandbox payment', () => {
  it('approved: POST /api/mercado → checkout → redirect back → the worker moves the order to procesando and empties the cart', async () => {
    const { client, id, cartId } = await newClient('approved@pay.test');
    const order = await orderFromCart(client, cartId, [pros[0], pros[1]], 2);
    const link = await client.post('/api/mercado', { orderId: order.id, clientId: id, items: [{ title: 'x', price: 1, quantity: 1 }] });
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(new RegExp(`^${ctx.config.publicApiUrl}/sandbox/mercadopago/checkout/sbx-`));
    // Asking again answers the same link.
    expect((await client.post('/api/mercado', { orderId: order.id, clientId: id })).body.url).toBe(link.body.url);
    // The sandbox's checkout lists each booking by its dates ("lunes 7 dic"), as every screen shows them.
    const booked = (await client.get(`/api/clients/${id}`)).body.orders.find((each: { id: number }) => each.id === order.id);
    const checkout = (await request(http).get(new URL(link.body.url).pathname)).text;
    for (const detail of booked.orderDetails as { dates: string[] }[]) {
      expect(detail.dates.length).toBeGreaterThan(0);
      expect(checkout).toContain(detail.dates.map(dateLabel).join(', '));
    }

    const paid = await payInSandbox(link.body.url, 'approve');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.location);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/details/me');
    expect(back.searchParams.get('status')).toBe('approved');
    expect(back.searchParams.get('external_reference')).toBe(String(order.id));

    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando'));
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'procesando', reason: 'payment-approved' }]);
    expect((await client.get('/api/cart')).body.details).toEqual([]);
    const [payment] = (await recordsOf(ctx).payments({ orderId: order.id })).map(({ status, provider, amountCents }) => ({
      status,
      provider,
      amountCents,
    }));
    expect(payment).toEqual({ status: 'approved', provider: 'sandbox', amountCents: pesosToCents(order.amount) });

    // Each booked professional hears of the paid job, in the app and by mail; the client sees the status.
    await drained(ctx.app, ctx.db.dataSource);
    const notices = (await recordsOf(ctx).notifications({ data: { orderId: order.id } })).map(({ userId, kind, mailedAt }) => ({
      userId,
      kind,
      mailed: mailedAt !== null,
    }));
    expect(notices).toEqual(
      expect.arrayContaining([
        { userId: pros[0].id, kind: 'new-job', mailed: true },
        { userId: pros[1].id, kind: 'new-job', mailed: true },
        { userId: id, kind: 'order-status', mailed: false },
        { userId: id, kind: 'order-created', mailed: false },
      ]),
    );
    const mails = readdirSync(ctx.config.mail.outboxDir).map((file) => readFileSync(join(ctx.config.mail.outboxDir, file), 'utf8'));
    expect(mails.filter((mail) => mail.includes(`nuevo trabajo pagado (orden ${order.id})`))).toHaveLength(2);
    // The professional reads it in the app, and can mark it read.
    const professional = await browser(http);
    // Its e-mail from its account: the catalogue's answers do not show it.
    const { email } = await recordsOf(ctx).user(pros[0].id);
    expect((await professional.login(email, DEMO_PASSWORD)).status).toBe(200);
    const [notice] = (await professional.get('/api/notifications')).body;
    expect(notice).toMatchObject({ kind: 'new-job', readAt: null, message: expect.stringContaining(`orden ${order.id}`) });
    expect((await professional.post('/api/notifications/read', {})).status).toBe(204);
    expect((await professional.get('/api/notifications')).body[0].readAt).not.toBeNull();
    // The client's history shows it.
    const profile = (await client.get(`/api/clients/${id}`)).body;
    expect(profile.orders.find((o: { id: number }) => o.id === order.id).status).toBe('procesando');
    // Paid: no second link.
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(409);
  });

  it('rejected: the order is cancelled and the cart kept', async () => {
    const { client, cartId } = await newClient('rejected@pay.test');
    const order = await orderFromCart(client, cartId, [pros[2]]);
    const link = await client.post('/api/mercado', { orderId: order.id });
    const paid = await payInSandbox(link.body.url, 'reject');
    expect(new URL(paid.headers.location).searchParams.get('status')).toBe('rejected');
    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada'));
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', reason: 'payment-rejected' }]);
    expect((await client.get('/api/cart')).body.details).toHaveLength(1);
  });

  it('a payment approved after its client cancelled does not bring the order back: its dates were freed, the money goes back', async () => {
    const { client, cartId } = await newClient('changed-mind@pay.test');
    const order = await orderFromCart(client, cartId, [pros[5]]);
    const paymentId = await sandbox.silentPayment(client, order);
    expect((await client.delete(`/api/orders/${order.id}`)).body.order.status).toBe('cancelada');
    expect((await signedNotification(paymentId)).status).toBe(200);
    await eventually(async () => {
      const payment = await providerPaymentOf(order.id);
      expect(payment).toEqual({
        status: 'approved',
        refundDue: false,
        reviewReason: expect.stringMatching(
          /^Pago aprobado para una orden cancelada \(client-cancelled\); sus fechas ya se liberaron: se devuelve automáticamente; devuelto automáticamente/,
        ),
      });
    });
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', reason: 'client-cancelled' }]);
  });

  it('an order an administrator cancelled stays cancelled: its link takes no more money, and a payment that still arrives goes back', async () => {
    const { client, cartId } = await newClient('refund@pay.test');
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const order = await orderFromCart(client, cartId, [pros[6]]);
    const paymentId = await sandbox.silentPayment(client, order);
    const link = (await recordsOf(ctx).paymentLinksOf(order.id)).map(({ checkoutUrl }) => ({ url: checkoutUrl! }));
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'cancelada' })).status).toBe(200);
    await sandbox.closedLink(link[0].url);
    expect(
      (
        await request(http)
          .post(`${new URL(link[0].url).pathname}/pay`)
          .type('form')
          .send({ decision: 'approve' })
      ).status,
    ).toBe(410);
    expect((await signedNotification(paymentId)).status).toBe(200);
    await eventually(async () => {
      const payment = await providerPaymentOf(order.id);
      // The money goes back, and administrators are told.
      expect(payment).toEqual({
        status: 'approved',
        refundDue: false,
        reviewReason: expect.stringMatching(/^Pago aprobado para una orden cancelada \(admin\): se devuelve automáticamente; devuelto/),
      });
    });
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
  });

  it("refuses to pay another client's order, an unknown order and a bad id", async () => {
    const { client, cartId } = await newClient('owner@pay.test');
    const { client: other, id: otherId } = await newClient('other@pay.test');
    const order = await orderFromCart(client, cartId, [pros[3]]);
    expect((await other.post('/api/mercado', { orderId: order.id, clientId: otherId })).status).toBe(403);
    expect((await client.post('/api/mercado', { orderId: order.id, clientId: otherId })).status).toBe(403);
    expect((await client.post('/api/mercado', { orderId: 999_999 })).status).toBe(404);
    expect((await client.post('/api/mercado', { orderId: 'x' })).status).toBe(400);
  });
});

describe('charged once', () => {
  const linksOf = async (orderId: number): Promise<{ preferenceId: string | null; status: string }[]> =>
    (await recordsOf(ctx).payments({ orderId })).map(({ preferenceId, status }) => ({ preferenceId, status }));

  // More than twice the pool's connections (DATABASE_POOL_SIZE, 6 on 2 cores): the request that makes the link must not need a connection
  // that the requests waiting on it hold.
  it('20 parallel payment requests for one order make one payment link', async () => {
    const { client, cartId } = await newClient('parallel-link@pay.test');
    const order = await orderFromCart(client, cartId, [pros[7]]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/mercado', { orderId: order.id })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body.url)).size).toBe(1);
    expect(await linksOf(order.id)).toEqual([{ preferenceId: expect.stringMatching(/^sbx-/), status: 'pending' }]);
  });

  it('Idempotency-Key: racing requests with one key make one preference, and the key keeps its answer once paid', async () => {
    const { client, cartId } = await newClient('link-key@pay.test');
    const order = await orderFromCart(client, cartId, [pros[8] ?? pros[0]]);
    const key = { 'Idempotency-Key': `pago-${order.id}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/mercado', { orderId: order.id }, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(await linksOf(order.id)).toHaveLength(1);
    await payInSandbox(answers[0].body.url, 'approve');
    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando'));
    // Paid: a new request is refused, the same request (same key, same body) is answered as before.
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(409);
    const replayed = await client.post('/api/mercado', { orderId: order.id }, key);
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(answers[0].body);
    const otherBody = { orderId: order.id, items: [{ title: 'otro', price: 1, quantity: 1 }] };
    expect((await client.post('/api/mercado', otherBody, key)).status).toBe(422);
    expect((await client.post('/api/mercado', { orderId: order.id }, { 'Idempotency-Key': ' ' })).status).toBe(400);
  });

  it('a paid order consumes its cart: checking out again finds nothing to charge', async () => {
    const { client, id, cartId } = await newClient('consumed@pay.test');
    for (const professional of [pros[0], pros[1]])
      await client.post('/api/cart', { professionalId: professional.id, days: professional.availableDays.slice(0, 1) });
    const orders = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/orders', { cartId })));
    const orderId = orders[0].body.newOrder.id;
    const link = await client.post('/api/mercado', { orderId });
    await payInSandbox(link.body.url, 'approve');
    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, orderId)).toBe('procesando'));
    expect((await client.get('/api/cart')).body.details).toEqual([]);
    const again = await client.post('/api/orders', { cartId });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('El carrito está vacío');
    const rows = (await recordsOf(ctx).orders({ clientId: id })).map(({ id: orderId, status }) => ({ id: orderId, status }));
    expect(rows).toEqual([{ id: orderId, status: 'procesando' }]);
  });
});

describe('webhook', () => {
  const notifiedEvents = async (paymentId: string): Promise<number> =>
    (await recordsOf(ctx).outboxEvents('PaymentNotified', { providerPaymentId: paymentId })).length;

  /** An order paid in full through its own link, whose notification is never sent: the test delivers it. */
  async function silentApprovedPayment(email: string) {
    const { client, cartId } = await newClient(email);
    const order = await orderFromCart(client, cartId, [pros[4]]);
    return { order, paymentId: await sandbox.silentPayment(client, order) };
  }

  it('refuses forged, stale and unsigned notifications, and they change nothing', async () => {
    const { order, paymentId } = await silentApprovedPayment('forged@pay.test');
    const forged = await signedNotification(paymentId, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    const stale = await signedNotification(paymentId, { ts: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    const unsigned = await request(http).post(`/api/mercado/webhook?data.id=${paymentId}&type=payment`).send({ type: 'payment' });
    expect(unsigned.status).toBe(401);
    // Signed for another payment id: the HMAC covers data.id.
    const requestId = 'req-swap';
    const swapped = await request(http)
      .post(`/api/mercado/webhook?data.id=${paymentId}&type=payment`)
      .set('x-request-id', requestId)
      .set('x-signature', mercadoPagoSignature(sandbox.webhookSecret, '123', requestId, Math.floor(Date.now() / 1000)));
    expect(swapped.status).toBe(401);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    expect(await notifiedEvents(paymentId)).toBe(0);
  });

  it('records the same notification delivered 20 times at once as one event, and applies it once', async () => {
    const { order, paymentId } = await silentApprovedPayment('twenty@pay.test');
    const requestId = 'req-replayed';
    const deliveries = await Promise.all(Array.from({ length: 20 }, () => signedNotification(paymentId, { requestId })));
    expect(deliveries.map((response) => response.status)).toEqual(Array(20).fill(200));
    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando'));
    // Replayed later within the window: acknowledged, still one event.
    expect((await signedNotification(paymentId, { requestId })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await notifiedEvents(paymentId)).toBe(1);
    expect(await changesOf(order.id)).toEqual([{ fromStatus: 'creada', toStatus: 'procesando', reason: 'payment-approved' }]);
    const payments = (await recordsOf(ctx).payments({ orderId: order.id })).map(({ providerPaymentId, status }) => ({
      providerPaymentId,
      status,
    }));
    expect(payments).toEqual([{ providerPaymentId: paymentId, status: 'approved' }]);
    const jobs = (await recordsOf(ctx).notifications({ kind: 'new-job', data: { orderId: order.id } })).length;
    expect(jobs).toBe(1);
    // Another notification about the same payment (another x-request-id) is news: recorded, and changes nothing more.
    expect((await signedNotification(paymentId, { requestId: 'req-another' })).status).toBe(200);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await notifiedEvents(paymentId)).toBe(2);
    expect(await changesOf(order.id)).toHaveLength(1);
  });

  it('acknowledges notifications of other topics without acting', async () => {
    const requestId = 'req-merchant';
    const response = await request(http)
      .post('/api/mercado/webhook?data.id=555&type=merchant_order')
      .set('x-request-id', requestId)
      .set('x-signature', mercadoPagoSignature(sandbox.webhookSecret, '555', requestId, Math.floor(Date.now() / 1000)));
    expect(response.status).toBe(200);
  });
});

describe('provider down', () => {
  it('answers 502 with a message, and the order still waits for payment', async () => {
    // Nothing listens on port 9: MercadoPago (here, its sandbox address) is unreachable.
    const down = await startTestApp({ professionals: 2, env: { MP_API_URL: 'http://127.0.0.1:9/sandbox/mercadopago' } });
    try {
      const downHttp = down.app.getHttpServer();
      const { client } = await registerAccount(downHttp, 'down@pay.test');
      const cartId = (await client.get('/home/user/me')).body.cart.id;
      const [pro] = (await request(downHttp).get('/home/professionals')).body as ProfessionalListItem[];
      const order = await orderFromCart(client, cartId, [pro]);
      const response = await client.post('/api/mercado', { orderId: order.id });
      expect(response.status).toBe(502);
      expect(response.body.message).toBe('MercadoPago no respondió: intenta pagar de nuevo en unos minutos');
      expect(await orderStatus(down.db.dataSource, order.id)).toBe('creada');
      expect(await recordsOf(down).countPayments({ orderId: order.id })).toBe(0);
    } finally {
      await down.close();
    }
  });
});

describe('unpaid orders', () => {
  it('are cancelled by the delayed expiry job', async () => {
    const quick = await startTestApp({ professionals: 4, env: { ORDER_PAYMENT_TIMEOUT_MS: '1000' } });
    try {
      const quickHttp = quick.app.getHttpServer();
      const { client } = await registerAccount(quickHttp, 'late@pay.test');
      const cartId = (await client.get('/home/user/me')).body.cart.id;
      const [pro] = (await request(quickHttp).get('/home/professionals')).body as ProfessionalListItem[];
      const order = await orderFromCart(client, cartId, [pro]);
      await eventually(async () => expect(await orderStatus(quick.db.dataSource, order.id)).toBe('cancelada'));
      const changes = (await recordsOf(quick).orderStatusChanges(order.id)).map(({ toStatus, reason, changedBy }) => ({
        toStatus,
        reason,
        changedBy,
      }));
      expect(changes).toEqual([{ toStatus: 'cancelada', reason: 'payment-expired', changedBy: null }]);
    } finally {
      await quick.close();
    }
  });
});

describe('expiry of unpaid orders', () => {
  const WINDOW_MS = 30 * 60_000; // ORDER_PAYMENT_TIMEOUT_MS's default
  let own: TestContext;
  let ownPros: ProfessionalListItem[];
  let orders: Queue;
  const clock = new MovableClock();
  beforeAll(async () => {
    own = await startTestApp({ professionals: 4, clock });
    ownPros = (await request(own.app.getHttpServer()).get('/home/professionals')).body;
    orders = own.app.get<Queue>(getQueueToken(QUEUES.orders), { strict: false });
  });
  afterAll(() => own?.close());

  async function unpaidOrder(email: string, pro: ProfessionalListItem) {
    const { client } = await registerAccount(own.app.getHttpServer(), email);
    const order = await orderFromCart(client, (await client.get('/home/user/me')).body.cart.id, [pro]);
    await drained(own.app, own.db.dataSource);
    return order;
  }

  it('is scheduled by the checkout’s own transaction: the relay adds it delayed until the window closes, no job in between', async () => {
    const order = await unpaidOrder('window@pay.test', ownPros[0]);
    const [task] = await recordsOf(own).outboxEvents('expire-order', { orderId: order.id });
    expect(task.jobId).toBe(expireOrderJobId(order.id));
    const job = (await orders.getJob(expireOrderJobId(order.id)))!;
    expect(await job.getState()).toBe('delayed');
    // It runs under the checkout's request id, when the window closes.
    expect(job.data).toEqual({ orderId: order.id, requestId: task.requestId });
    expect(job.delay).toBeGreaterThan(WINDOW_MS - 60_000);
    expect(job.delay).toBeLessThanOrEqual(WINDOW_MS);
    expect(Math.abs(job.timestamp + job.delay - task.runAt!.getTime())).toBeLessThan(1_000);
    // The order's event reaches the notices alone: the orders queue gets no job whose only work is to add this one.
    const jobs = await orders.getJobs(['completed', 'failed', 'waiting', 'active', 'delayed']);
    expect(jobs.filter((candidate) => candidate.name === 'OrderCreated')).toEqual([]);
  });

  it('is scheduled again at start-up when Redis lost it, for what is left of the window', async () => {
    const order = await unpaidOrder('lost@pay.test', ownPros[1]);
    await (await orders.getJob(expireOrderJobId(order.id)))!.remove();
    const { expiredOrders } = await own.app.get(Reconciler).reconcile({ atStart: true });
    expect(expiredOrders).not.toContain(order.id);
    const job = (await orders.getJob(expireOrderJobId(order.id)))!;
    expect(await job.getState()).toBe('delayed');
    expect(job.delay).toBeGreaterThan(WINDOW_MS - 60_000);
    expect(job.delay).toBeLessThanOrEqual(WINDOW_MS);
    // Lost again, found once the window has closed (it is counted on the database's clock, as the order was made).
    await job.remove();
    await ageOrder(own.db.dataSource, order.id);
    expect((await own.app.get(Reconciler).reconcile()).expiredOrders).toContain(order.id);
    await eventually(async () => expect(await orderStatus(own.db.dataSource, order.id)).toBe('cancelada'));
  });
});
