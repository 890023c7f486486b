import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { OrderPayments, recordsOf } from './factories';
import { clientWithOrder, drained, orderStatus, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, type BrowserClient } from './support/http-client';
import { mailsTo } from './support/mail-outbox';
import { sandboxTools } from './support/sandbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

/**
 * An order that can no longer be paid is not paid: its payment link expires with the order's payment window and is
 * closed at MercadoPago as soon as the order is cancelled or expires; money that still lands on a dead order is given
 * back without anyone having to notice.
 */
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
let sandbox: Awaited<ReturnType<typeof sandboxTools>>;
let admin: BrowserClient;
let used = 0;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 12 });
  http = ctx.app.getHttpServer();
  sandbox = await sandboxTools(ctx);
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => ctx?.close());

/** A client with an unpaid order of one professional nobody else booked, and its payment link. */
async function unpaidOrder(email: string): Promise<{ client: BrowserClient; order: { id: number; amount: number }; url: string }> {
  const { client, order } = await clientWithOrder(http, email, [pros[used++]]);
  const link = await client.post('/api/mercado', { orderId: order.id });
  expect(link.status).toBe(201);
  return { client, order, url: link.body.url };
}

const sandboxPaymentsOf = async (orderId: number) =>
  (await sandbox.sandboxRest('get', `/v1/payments/search?external_reference=${orderId}`)).body.results as { id: number; status: string }[];

const refundsOf = async (orderId: number): Promise<{ cause: string; lineId: number | null; amountCents: number; status: string }[]> =>
  (await recordsOf(ctx).refunds({ orderId })).map(({ cause, lineId, amountCents, status }) => ({ cause, lineId, amountCents, status }));

describe('a payment link lives as long as its order may be paid', () => {
  it("expires with the order's payment window", async () => {
    const { order, url } = await unpaidOrder('window@dead-order.test');
    const { createdAt } = (await recordsOf(ctx).order(order.id))!;
    const preference = await sandbox.preferenceOf(url);
    expect(preference.expires).toBe(true);
    const closesAt = createdAt.getTime() + ctx.config.orders.paymentTimeoutMs;
    expect(Math.abs(Date.parse(preference.expiration_date_to ?? '') - closesAt)).toBeLessThan(1_000);
    expect(Math.abs(Date.parse(preference.date_of_expiration ?? '') - closesAt)).toBeLessThan(1_000);
    expect(Date.parse(preference.expiration_date_from ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('cancelling the order closes its link at MercadoPago: the checkout refuses to take the money', async () => {
    const { client, order, url } = await unpaidOrder('cancelled@dead-order.test');
    expect((await client.delete(`/api/orders/${order.id}`)).status).toBe(200);
    await sandbox.closedLink(url);

    const checkout = new URL(url).pathname;
    const page = await request(http).get(checkout);
    expect(page.text).toContain('Este link de pago venció');
    expect(page.text).not.toContain('Aprobar pago');
    const paid = await request(http).post(`${checkout}/pay`).type('form').send({ decision: 'approve' });
    expect(paid.status).toBe(410);
    expect(paid.headers.location).toBeUndefined();
    expect(await sandboxPaymentsOf(order.id)).toEqual([]);
  });

  it('an order that expires unpaid has its link closed too', async () => {
    const { order, url } = await unpaidOrder('expired@dead-order.test');
    await ctx.app.get(OrderPayments).expireUnpaid(order.id);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');
    await sandbox.closedLink(url);
    expect(
      (
        await request(http)
          .post(`${new URL(url).pathname}/pay`)
          .type('form')
          .send({ decision: 'approve' })
      ).status,
    ).toBe(410);
  });

  it('the sandbox refuses a preference past its expiration date, as MercadoPago does', async () => {
    const created = await sandbox.createPreference({
      items: [{ title: 'Reserva', quantity: 1, unit_price: 100, currency_id: ctx.config.payments.currency }],
      external_reference: '1',
      expires: true,
      expiration_date_from: new Date(Date.now() - 120_000).toISOString(),
      expiration_date_to: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const checkout = new URL(created.body.init_point).pathname;
    expect((await request(http).get(checkout)).text).toContain('Este link de pago venció');
    expect((await request(http).post(`${checkout}/pay`).type('form').send({ decision: 'approve' })).status).toBe(410);
    // Not yet open: refused as well.
    const later = await sandbox.createPreference({
      items: [{ title: 'Reserva', quantity: 1, unit_price: 100 }],
      expires: true,
      expiration_date_from: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (
        await request(http)
          .post(`${new URL(later.body.init_point).pathname}/pay`)
          .type('form')
          .send({ decision: 'approve' })
      ).status,
    ).toBe(410);
  });
});

describe('money that lands on an order that can no longer take it goes back by itself', () => {
  it('a payment made just before its order was cancelled, notified after: refunded in full, the client told why, the panel shows it', async () => {
    const { client, order } = await unpaidOrder('late@dead-order.test');
    // Paid at the last second through a link of the order; its notification only arrives once the order is dead.
    const paymentId = await sandbox.silentPayment(client, order);
    expect((await client.delete(`/api/orders/${order.id}`)).status).toBe(200);
    expect((await sandbox.signedNotification(paymentId)).status).toBe(200);

    await eventually(async () =>
      expect(await refundsOf(order.id)).toEqual([
        { cause: 'not_applied', lineId: null, amountCents: Math.round(order.amount * 100), status: 'approved' },
      ]),
    );
    const atProvider = (await sandbox.sandboxRest('get', `/v1/payments/${paymentId}`)).body;
    expect(atProvider).toMatchObject({ status: 'refunded', transaction_amount_refunded: order.amount });
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('cancelada');

    // The client is told, in the app and by mail, why the money comes back.
    const notices = (await client.get('/api/notifications')).body as { kind: string; message: string }[];
    const notice = notices.find((candidate) => candidate.kind === 'payment-not-applied');
    expect(notice?.message).toMatch(new RegExp(`orden ${order.id}.*la cancelaste.*te lo devolvemos`, 's'));
    await eventually(() => expect(mailsTo(ctx.config.mail.outboxDir, 'late@dead-order.test').join('\n')).toContain('te lo devolvemos'));

    // The administrators see it with the order: reviewed, nothing left to give back.
    await drained(ctx.app, ctx.db.dataSource);
    const listed = (await admin.get('/api/orders')).body as {
      id: number;
      paymentAlert?: { refundDue: boolean; reasons: string[] } | null;
    }[];
    const alert = listed.find((candidate) => candidate.id === order.id)?.paymentAlert;
    expect(alert).toMatchObject({ needsReview: true, refundDue: false });
    expect(alert?.reasons.join('\n')).toContain('devuelto automáticamente');
  });

  it('a second payment of an order already paid is given back as well; the first one keeps paying it', async () => {
    const { client, order } = await unpaidOrder('twice@dead-order.test');
    await payOrder(http, ctx.db.dataSource, client, order.id);
    // The same link's reference paid again (another preference of it, with no notification of its own).
    const reference = await recordsOf(ctx).paymentReferenceOf(order.id);
    const preference = await sandbox.createPreference({
      items: [{ title: 'Reserva', quantity: 1, unit_price: order.amount, currency_id: ctx.config.payments.currency }],
      external_reference: String(order.id),
      metadata: { oficios_reference: reference },
      back_urls: { success: 'http://localhost:3000/details/me' },
    });
    const paid = await sandbox.payInSandbox(preference.body.init_point, 'approve');
    const second = new URL(paid.headers.location).searchParams.get('payment_id') as string;
    expect((await sandbox.signedNotification(second)).status).toBe(200);
    await eventually(async () =>
      expect(await refundsOf(order.id)).toEqual([
        { cause: 'not_applied', lineId: null, amountCents: Math.round(order.amount * 100), status: 'approved' },
      ]),
    );
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
    expect((await sandbox.sandboxRest('get', `/v1/payments/${second}`)).body.status).toBe('refunded');
    const notices = (await client.get('/api/notifications')).body as { kind: string; message: string }[];
    expect(notices.find((candidate) => candidate.kind === 'payment-not-applied')?.message).toContain('ya estaba pagada');
  });
});
