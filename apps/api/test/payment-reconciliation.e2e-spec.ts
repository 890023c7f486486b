import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Reconciler } from '../src/modules/reconciliation';
import { ageOrder, agePaymentLinks, recordsOf } from './factories';
import { clientWithOrder, drained, orderStatus } from './support/checkout';
import { registerAccount } from './support/http-client';
import { sandboxTools } from './support/sandbox';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * A payment is never lost for want of its notification: the reconciler asks MercadoPago for the payments of every
 * order still waiting for one, and the page MercadoPago sends the client back to applies the payment it names.
 */
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;
let used = 0;

beforeAll(async () => {
  // The tests reconcile when they choose: none in between (a link counts once it is a period old: they age it).
  ctx = await startTestApp({ professionals: 8, env: { RECONCILE_EVERY_MS: String(3_600_000) } });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
});
afterAll(() => ctx?.close());

const unpaidOrder = (email: string) => clientWithOrder(http, email, [pros[used++]]);

/** The order's links handed out longer ago than a reconciliation period: a payment of theirs may have gone unnoticed. */
const ageLinks = (orderId: number) => agePaymentLinks(ctx.db.dataSource, orderId, 2 * 3_600_000);

describe('reconciliation of orders waiting for their payment', () => {
  it('applies a payment whose notification never came: MercadoPago is asked by external_reference', async () => {
    const { client, order } = await unpaidOrder('lost@reconcile.test');
    await sandbox.silentPayment(client, order);
    await drained(ctx.app, ctx.db.dataSource);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    await ageLinks(order.id);
    const report = await ctx.app.get(Reconciler).reconcile();
    expect(report.paymentsRead).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
    // Once applied, the next reconciliation finds nothing more to do with it.
    expect((await ctx.app.get(Reconciler).reconcile()).expiredOrders).not.toContain(order.id);
  });

  it('asks before expiring: an order paid at the last second is not cancelled for want of its notification', async () => {
    const { client, order } = await unpaidOrder('last-second@reconcile.test');
    await sandbox.silentPayment(client, order);
    // The window has just closed (counted on the database's clock, as the order was made).
    await ageOrder(ctx.db.dataSource, order.id, 3_600_000);
    const report = await ctx.app.get(Reconciler).reconcile();
    expect(report.expiredOrders).not.toContain(order.id);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
  });

  it('expires an unpaid order past its window when MercadoPago has no payment of it', async () => {
    const { client, order } = await unpaidOrder('never-paid@reconcile.test');
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(201);
    await ageOrder(ctx.db.dataSource, order.id, 3_600_000);
    expect((await ctx.app.get(Reconciler).reconcile()).expiredOrders).toEqual([order.id]);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
  });
});

describe('back from MercadoPago (POST /api/mercado/return)', () => {
  it("applies the back URL's payment_id at once, for its client", async () => {
    const { client, order } = await unpaidOrder('back@reconcile.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const applied = await client.post('/api/mercado/return', { paymentId });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ orderId: order.id, status: 'procesando', payment: 'approved' });
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
    // Again (a reload): the same answer, nothing applied twice.
    expect((await client.post('/api/mercado/return', { paymentId: Number(paymentId) })).body).toEqual({
      orderId: order.id,
      status: 'procesando',
      payment: 'approved',
    });
    expect((await recordsOf(ctx).providerPayments(order.id)).length).toBe(1);
  });

  it("refuses another client's payment, an unknown one and a malformed id, changing nothing", async () => {
    const { client, order } = await unpaidOrder('owner@reconcile.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const { client: other } = await registerAccount(http, 'other@reconcile.test');
    const refused = await other.post('/api/mercado/return', { paymentId });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('creada');
    expect((await client.post('/api/mercado/return', { paymentId: '123456789012' })).status).toBe(404);
    const malformed = await client.post('/api/mercado/return', { paymentId: '12; DROP' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'paymentId', message: 'paymentId debe ser el número de pago de MercadoPago' }]);
  });

  it('asks MercadoPago at most 20 times a minute for one client: a page reloaded over and over gets 429 and Retry-After', async () => {
    const { client, order } = await unpaidOrder('reload@reconcile.test');
    const paymentId = await sandbox.silentPayment(client, order);
    const answers = await Promise.all(Array.from({ length: 25 }, () => client.post('/api/mercado/return', { paymentId })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
  });
});
