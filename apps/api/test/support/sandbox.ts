import request from 'supertest';
import type { App } from 'supertest/types';
import { PaymentCredentials, mercadoPagoSignature } from '../factories/internals';
import { recordsOf } from '../factories/records';
import { eventually } from './eventually';
import type { BrowserClient } from './http-client';
import type { TestContext } from './test-app';

export interface SilentPaymentOptions {
  /** What the payment is for (default: the order's amount). */
  amount?: number;
  /** Default: the configured currency. */
  currency?: string;
  /** The reference in its metadata: default the order's own link's; null for none. */
  reference?: string | null;
  decision?: 'approve' | 'reject';
}

/** The payments sandbox as a test drives it: its checkout page, its REST emulation and signed notifications. */
export async function sandboxTools(ctx: TestContext) {
  const http: App = ctx.app.getHttpServer();
  // The sandbox's credentials: random per deployment, shared through Redis.
  const { webhookSecret, accessToken } = await ctx.app.get(PaymentCredentials).get();

  /** Follows a payment link into the sandbox's checkout page and presses one of its buttons. */
  async function payInSandbox(url: string, decision: 'approve' | 'reject'): Promise<request.Response> {
    const checkout = new URL(url);
    const page = await request(http).get(checkout.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Aprobar pago');
    expect(page.text).toContain('Rechazar pago');
    return request(http).post(`${checkout.pathname}/pay`).type('form').send({ decision });
  }

  /** `POST /checkout/preferences` with the sandbox's token, as the SDK (or anyone holding the token) would. */
  const createPreference = (body: object) =>
    request(http).post('/sandbox/mercadopago/checkout/preferences').set('authorization', `Bearer ${accessToken}`).send(body);

  /** Any of the sandbox's REST paths (`/v1/payments/{id}`, `/checkout/preferences/{id}`…) with its token, as the SDK calls them. */
  const sandboxRest = (method: 'get' | 'post' | 'put', path: string) =>
    request(http)[method](`/sandbox/mercadopago${path}`).set('authorization', `Bearer ${accessToken}`);

  /** The sandbox's preference behind a payment link (`init_point`), as MercadoPago's `GET /checkout/preferences/{id}` answers it. */
  async function preferenceOf(url: string): Promise<{
    expires: boolean;
    expiration_date_from: string | null;
    expiration_date_to: string | null;
    date_of_expiration: string | null;
  }> {
    return (await sandboxRest('get', `/checkout/preferences/${new URL(url).pathname.split('/').pop()}`)).body;
  }

  /** Resolves once the link's preference is closed (its expiration moved to now or before), as an order's death closes it. */
  const closedLink = (url: string) =>
    eventually(async () => expect(Date.parse((await preferenceOf(url)).expiration_date_to ?? '')).toBeLessThanOrEqual(Date.now()));

  /** A notification signed exactly as MercadoPago signs them. */
  function signedNotification(paymentId: string, options: { secret?: string; ts?: number; requestId?: string } = {}) {
    const requestId = options.requestId ?? `req-${Math.random()}`;
    const ts = options.ts ?? Math.floor(Date.now() / 1000);
    return request(http)
      .post(`/api/mercado/webhook?data.id=${paymentId}&type=payment`)
      .set('x-request-id', requestId)
      .set('x-signature', mercadoPagoSignature(options.secret ?? webhookSecret, paymentId, requestId, ts))
      .send({ action: 'payment.created', type: 'payment', data: { id: paymentId } });
  }

  /**
   * A sandbox payment for `orderId` whose notification is never sent (its preference has no notification_url): the
   * test delivers it. By default it carries the reference of the order's own payment link (asked for first), in full.
   */
  async function silentPayment(client: BrowserClient, order: { id: number; amount: number }, options: SilentPaymentOptions = {}) {
    expect((await client.post('/api/mercado', { orderId: order.id })).status).toBe(201);
    const reference = await recordsOf(ctx).paymentReferenceOf(order.id);
    const chosen = options.reference === undefined ? reference : options.reference;
    const preference = await createPreference({
      items: [
        {
          title: 'Reserva',
          quantity: 1,
          unit_price: options.amount ?? order.amount,
          currency_id: options.currency ?? ctx.config.payments.currency,
        },
      ],
      external_reference: String(order.id),
      metadata: chosen === null ? {} : { oficios_reference: chosen },
      back_urls: { success: 'http://localhost:3000/details/me' },
    });
    expect(preference.status).toBe(201);
    const paid = await payInSandbox(preference.body.init_point, options.decision ?? 'approve');
    return new URL(paid.headers.location).searchParams.get('payment_id') as string;
  }

  return { webhookSecret, payInSandbox, createPreference, sandboxRest, preferenceOf, closedLink, signedNotification, silentPayment };
}
