import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, eventJobId, type ProfessionalListItem } from '@oficios/domain';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { clientWithOrder, drained, orderStatus } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, type BrowserClient } from './support/http-client';
import { sandboxTools, type SilentPaymentOptions } from './support/sandbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

/** A payment moves an order only when it really pays it; the sandbox serves this API only. */
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;
let admin: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 8 });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => ctx?.close());

const unpaidOrder = (email: string) => clientWithOrder(http, email, [pros[0]]);

type PaymentRow = { status: string; currency: string | null; needsReview: boolean; refundDue: boolean; reviewReason: string | null };
const notifiedRows = async (orderId: number): Promise<PaymentRow[]> =>
  (await recordsOf(ctx).providerPayments(orderId)).map(({ status, currency, needsReview, refundDue, reviewReason }) => ({
    status,
    currency,
    needsReview,
    refundDue,
    reviewReason,
  }));

/** Pays the order silently as told, delivers the signed notification and waits until the worker is done with it. */
async function notifiedPayment(email: string, options: SilentPaymentOptions) {
  const { client, order } = await unpaidOrder(email);
  const paymentId = await sandbox.silentPayment(client, order, options);
  expect((await sandbox.signedNotification(paymentId)).status).toBe(200);
  await eventually(async () => expect(await notifiedRows(order.id)).toHaveLength(1));
  await drained(ctx.app, ctx.db.dataSource);
  return { client, order, paymentId };
}

const alertOf = async (orderId: number) =>
  ((await admin.get('/api/orders')).body as { id: number; paymentAlert: unknown }[]).find((o) => o.id === orderId)?.paymentAlert;

describe('payments fully verified (item 4)', () => {
  it('a payment in another currency moves nothing: recorded for review, refund due, shown to administrators', async () => {
    const { order } = await notifiedPayment('usd@verify.test', { currency: 'USD' });
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    const reason = 'Moneda USD en vez de ARS';
    expect(await notifiedRows(order.id)).toEqual([
      { status: 'approved', currency: 'USD', needsReview: true, refundDue: true, reviewReason: reason },
    ]);
    expect(await alertOf(order.id)).toEqual({ needsReview: true, refundDue: true, reasons: [reason] });
  });

  it('an underpayment (one cent short) moves nothing, and the order gets no new payment link', async () => {
    const { client, order } = await notifiedPayment('short@verify.test', { amount: pros[0].dayPrice - 0.01 });
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    const [row] = await notifiedRows(order.id);
    expect(row).toMatchObject({ status: 'approved', needsReview: true, refundDue: true });
    expect(row.reviewReason).toBe(
      `Monto ${(pros[0].dayPrice - 0.01).toFixed(2)} menor que el de la orden (${pros[0].dayPrice.toFixed(2)})`,
    );
    const again = await client.post('/api/mercado', { orderId: order.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`La orden ${order.id} ya tiene un pago aprobado: no se crea otro link de pago`);
  });

  it('a payment of a preference this API did not create for the order moves nothing, whatever its external_reference', async () => {
    for (const [email, reference] of [
      ['noref@verify.test', null],
      ['forgedref@verify.test', 'referencia-inventada'],
    ] as const) {
      const { order } = await notifiedPayment(email, { reference });
      expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
      expect(await notifiedRows(order.id)).toEqual([
        {
          status: 'approved',
          currency: 'ARS',
          needsReview: true,
          refundDue: true,
          reviewReason: `El pago no viene de un link de pago creado para la orden ${order.id}`,
        },
      ]);
    }
  });

  it("another order's link reference pays neither order: recorded on the link's order for review", async () => {
    const { client: other, order: otherOrder } = await unpaidOrder('owner-of-link@verify.test');
    await other.post('/api/mercado', { orderId: otherOrder.id });
    const reference = await recordsOf(ctx).paymentReferenceOf(otherOrder.id);
    const { client, order } = await unpaidOrder('borrowed@verify.test');
    const paymentId = await sandbox.silentPayment(client, order, { reference });
    expect((await sandbox.signedNotification(paymentId)).status).toBe(200);
    await eventually(async () => expect(await notifiedRows(otherOrder.id)).toHaveLength(1));
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    expect(await orderStatus(ctx.db.dataSource, otherOrder.id)).toBe('creada');
    expect(await notifiedRows(otherOrder.id)).toEqual([
      {
        status: 'approved',
        currency: 'ARS',
        needsReview: true,
        refundDue: true,
        reviewReason: `El pago no viene de un link de pago creado para la orden ${otherOrder.id}`,
      },
    ]);
  });

  it('a payment of its own link, in full and in the currency, moves the order and raises no alert', async () => {
    const { order } = await notifiedPayment('full@verify.test', {});
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
    expect(await notifiedRows(order.id)).toEqual([
      { status: 'approved', currency: 'ARS', needsReview: false, refundDue: false, reviewReason: null },
    ]);
    expect(await alertOf(order.id)).toBeNull();
  });

  it("an order replaced by its changed cart's new order stays cancelled: its old link is closed, and money paid through it goes back", async () => {
    const { client, order } = await unpaidOrder('replaced@verify.test');
    // Paid through the order's link just before the cart changed; its notification arrives afterwards.
    const paymentId = await sandbox.silentPayment(client, order);
    const url = (await recordsOf(ctx).paymentLinksOf(order.id))[0].checkoutUrl!;
    await client.post('/api/cart', { professionalId: pros[1].id, days: pros[1].availableDays.slice(0, 1) });
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const replacement = (await client.post('/api/orders', { cartId })).body.newOrder;
    expect(replacement.id).not.toBe(order.id);
    // The replaced order's link takes no more money.
    await sandbox.closedLink(url);
    expect(
      (
        await request(http)
          .post(`${new URL(url).pathname}/pay`)
          .type('form')
          .send({ decision: 'approve' })
      ).status,
    ).toBe(410);
    expect((await sandbox.signedNotification(paymentId)).status).toBe(200);
    await eventually(async () => expect(await notifiedRows(order.id)).toHaveLength(1));
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
    expect(await orderStatus(ctx.db.dataSource, replacement.id)).toBe('creada');
    await eventually(async () =>
      expect(await notifiedRows(order.id)).toEqual([
        {
          status: 'approved',
          currency: 'ARS',
          needsReview: true,
          refundDue: false,
          reviewReason: expect.stringMatching(
            /^Pago aprobado para una orden cancelada \(cart-changed\): se devuelve automáticamente; devuelto automáticamente/,
          ),
        },
      ]),
    );
  });

  it('"payment not found" at the provider is final: the job fails once, without retries', async () => {
    const missing = '987654321012';
    expect((await sandbox.signedNotification(missing)).status).toBe(200);
    const [{ id }] = await recordsOf(ctx).outboxEvents('PaymentNotified', { providerPaymentId: missing });
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
    // The state is read before the job, so the job read is never older than its failure.
    await eventually(async () => expect(await queue.getJobState(eventJobId(id))).toBe('failed'));
    const job = (await queue.getJob(eventJobId(id)))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe(`El pago ${missing} no existe en el proveedor: no se reintenta`);
  });
});

describe('the sandbox is no SSRF or open-redirect tool (item 5)', () => {
  const preference = (changes: object) =>
    sandbox.createPreference({
      items: [{ title: 'Reserva', quantity: 1, unit_price: 100 }],
      external_reference: '1',
      notification_url: ctx.config.payments.notificationUrl,
      back_urls: { success: 'http://localhost:3000/details/me', failure: 'http://localhost:8080/details/me' },
      ...changes,
    });

  it("accepts this API's notification URL and pages of the configured web origins", async () => {
    expect((await preference({})).status).toBe(201);
    expect((await preference({ notification_url: undefined, back_urls: undefined })).status).toBe(201);
  });

  it('refuses any other notification URL, in MercadoPago’s error shape', async () => {
    for (const notification_url of [
      'http://127.0.0.1:6379/',
      'http://169.254.169.254/latest/meta-data/',
      `${ctx.config.payments.notificationUrl}?otro=1`,
      'file:///etc/passwd',
    ]) {
      const refused = await preference({ notification_url });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'notification_url must be the notification URL configured for this API',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 'invalid_notification_url', description: expect.any(String), data: null }],
      });
    }
  });

  it('refuses back URLs off the configured web origins', async () => {
    for (const success of [
      'https://evil.example/details/me',
      'http://localhost:3000.evil.example/',
      'http://localhost:3001/details/me',
      'javascript:alert(1)',
      '//evil.example',
    ]) {
      const refused = await preference({ back_urls: { success } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'bad_request', status: 400, cause: [{ code: 'invalid_back_urls' }] });
    }
    expect((await preference({ back_urls: 'https://evil.example' })).status).toBe(400);
  });
});
