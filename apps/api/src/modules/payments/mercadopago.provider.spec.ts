import { loadConfig } from '../../config/app-config';
import { MercadoPagoProvider } from './mercadopago.provider';
import { PaymentCredentials } from './payment-credentials';

/** The official SDK talks to MercadoPago through the global fetch: these tests answer for MercadoPago, offline. */
describe('MercadoPagoProvider (official SDK, HTTP intercepted)', () => {
  const config = loadConfig({
    MP_ACCESS_TOKEN: 'APP_USR-test-token',
    MP_WEBHOOK_SECRET: 'secret',
    PUBLIC_API_URL: 'https://api.oficios.example',
    WEB_ORIGINS: 'https://oficios.example',
  });
  // With MercadoPago's token configured, the credentials come from the configuration (Redis is not asked).
  const credentials = new PaymentCredentials(config, undefined as never);
  const newProvider = () => new MercadoPagoProvider(config, credentials);
  const calls: { url: string; init: RequestInit }[] = [];
  let answer: { status: number; body: unknown };

  beforeEach(() => {
    calls.length = 0;
    jest.spyOn(global, 'fetch').mockImplementation(async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('creates a preference with one item per order line, the order as external_reference, our reference and URLs', async () => {
    answer = { status: 201, body: { id: '123-pref', init_point: 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-pref' } };
    const provider = newProvider();
    const preference = await provider.createPreference({
      orderId: 42,
      reference: 'ref-7d1c',
      payerEmail: 'ana@example.com',
      items: [
        { id: 'order-detail-1', title: 'Ana Pérez: lunes, martes', quantity: 2, unitPriceCents: 1500000 },
        { id: 'order-detail-2', title: 'Luis Gómez: sabado', quantity: 1, unitPriceCents: 999950 },
      ],
      expiresAt: new Date('2026-12-01T15:30:00.000Z'),
    });
    expect(preference).toEqual({
      preferenceId: '123-pref',
      checkoutUrl: 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-pref',
    });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls;
    expect(url).toBe('https://api.mercadopago.com/checkout/preferences/');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
    expect(headers.get('authorization')).toBe('Bearer APP_USR-test-token');
    expect(headers.get('x-idempotency-key')).toBe('payment-link-ref-7d1c');
    expect(JSON.parse(String(init.body))).toEqual({
      items: [
        { id: 'order-detail-1', title: 'Ana Pérez: lunes, martes', quantity: 2, unit_price: 15000, currency_id: 'ARS' },
        { id: 'order-detail-2', title: 'Luis Gómez: sabado', quantity: 1, unit_price: 9999.5, currency_id: 'ARS' },
      ],
      payer: { email: 'ana@example.com' },
      external_reference: '42',
      metadata: { oficios_reference: 'ref-7d1c' },
      notification_url: 'https://api.oficios.example/api/mercado/webhook',
      back_urls: {
        success: 'https://oficios.example/details/me?orden=42',
        failure: 'https://oficios.example/details/me?orden=42',
        pending: 'https://oficios.example/details/me?orden=42',
      },
      auto_return: 'approved',
      expires: true,
      expiration_date_from: expect.any(String),
      expiration_date_to: '2026-12-01T15:30:00.000Z',
      date_of_expiration: '2026-12-01T15:30:00.000Z',
    });
  });

  it("closes a link by moving its expiration to now (MercadoPago's PUT /checkout/preferences/{id})", async () => {
    answer = { status: 200, body: { id: '123-pref' } };
    const before = Date.now();
    await newProvider().closePreference('123-pref');
    const [{ url, init }] = calls;
    expect(url).toBe('https://api.mercadopago.com/checkout/preferences/123-pref');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body));
    expect(body.expires).toBe(true);
    expect(Date.parse(body.expiration_date_to)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.expiration_date_to)).toBeLessThanOrEqual(Date.now());
  });

  it('searches the payments of an order by its external_reference', async () => {
    answer = { status: 200, body: { paging: { total: 2, limit: 100, offset: 0 }, results: [{ id: 902 }, { id: 901 }] } };
    expect(await newProvider().searchPayments(42)).toEqual(['902', '901']);
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/v1/payments/search');
    expect(url.searchParams.get('external_reference')).toBe('42');
    expect(url.searchParams.get('sort')).toBe('date_created');
  });

  it.each([
    ['approved', 'approved'],
    ['authorized', 'approved'],
    ['rejected', 'rejected'],
    ['cancelled', 'rejected'],
    // Refunded (in full) was paid: never read as a rejected payment, which could cancel the order it paid.
    ['refunded', 'approved'],
    ['charged_back', 'rejected'],
    ['in_process', 'pending'],
    ['pending', 'pending'],
  ])('reads a payment back: MercadoPago status %s is %s for the order', async (status, expected) => {
    answer = {
      status: 200,
      body: {
        id: 1234567890,
        status,
        external_reference: '42',
        transaction_amount: 39999.5,
        currency_id: 'ARS',
        metadata: { oficios_reference: 'ref-7d1c' },
      },
    };
    const payment = await newProvider().getPayment('1234567890');
    expect(calls[0].url).toBe('https://api.mercadopago.com/v1/payments/1234567890');
    expect(new Headers(calls[0].init.headers as ConstructorParameters<typeof Headers>[0]).get('authorization')).toBe(
      'Bearer APP_USR-test-token',
    );
    expect(payment).toEqual({
      id: '1234567890',
      status: expected,
      orderId: 42,
      amountCents: 3999950,
      currency: 'ARS',
      reference: 'ref-7d1c',
      refundedCents: 0,
      refunds: [],
    });
  });

  it('reads the amount in pesos into whole cents at the edge: float noise is not a cent, a non-number is nothing paid', async () => {
    answer = {
      status: 200,
      body: { id: 6, status: 'approved', external_reference: '42', transaction_amount: 19.99 * 3, currency_id: 'ARS' },
    };
    expect(await newProvider().getPayment('6')).toMatchObject({ amountCents: 5997 });
    answer = {
      status: 200,
      body: { id: 7, status: 'approved', external_reference: '42', transaction_amount: 'mucho', currency_id: 'ARS' },
    };
    expect(await newProvider().getPayment('7')).toMatchObject({ amountCents: 0 });
  });

  it('does not take a payment of someone else for one of our orders', async () => {
    answer = { status: 200, body: { id: 5, status: 'approved', external_reference: 'otra-tienda-77', transaction_amount: 10 } };
    expect(await newProvider().getPayment('5')).toMatchObject({ orderId: null, reference: null, currency: '' });
  });

  it('reads a refunded payment with its refunds: amounts in cents, statuses folded', async () => {
    answer = {
      status: 200,
      body: {
        id: 1234567890,
        status: 'approved',
        status_detail: 'partially_refunded',
        external_reference: '42',
        transaction_amount: 39999.5,
        transaction_amount_refunded: 15000.25,
        currency_id: 'ARS',
        refunds: [
          { id: 11, payment_id: 1234567890, amount: 10000.25, status: 'approved' },
          { id: 12, payment_id: 1234567890, amount: 5000, status: 'in_process' },
          { id: 13, payment_id: 1234567890, amount: 1, status: 'rejected' },
        ],
      },
    };
    expect(await newProvider().getPayment('1234567890')).toMatchObject({
      status: 'approved',
      amountCents: 3999950,
      refundedCents: 1500025,
      refunds: [
        { id: '11', amountCents: 1000025, status: 'approved' },
        { id: '12', amountCents: 500000, status: 'pending' },
        { id: '13', amountCents: 100, status: 'failed' },
      ],
    });
  });

  it('refunds part of a payment with PaymentRefund: the amount in pesos, our idempotency key in X-Idempotency-Key', async () => {
    answer = { status: 201, body: { id: 555001, payment_id: 1234567890, amount: 12345.67, status: 'approved' } };
    const result = await newProvider().refundPayment('1234567890', 1234567, 'oficios-line-42-refund-declined');
    expect(result).toEqual({ refundId: '555001', status: 'approved', failure: null });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls;
    expect(url).toBe('https://api.mercadopago.com/v1/payments/1234567890/refunds');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
    expect(headers.get('authorization')).toBe('Bearer APP_USR-test-token');
    expect(headers.get('x-idempotency-key')).toBe('oficios-line-42-refund-declined');
    expect(JSON.parse(String(init.body))).toEqual({ amount: 12345.67 });
  });

  it('reads a refund MercadoPago keeps in process as pending (settled later by its notification)', async () => {
    answer = { status: 201, body: { id: 555002, payment_id: 1, amount: 10, status: 'in_process' } };
    expect(await newProvider().refundPayment('1', 1000, 'k-1')).toEqual({ refundId: '555002', status: 'pending', failure: null });
  });

  it('answers a final refusal (amount above what is left, unknown payment) as failed, and throws what asking again may change', async () => {
    answer = {
      status: 400,
      body: { message: 'Invalid refund amount', error: 'bad_request', status: 400, cause: [{ code: 'amount_exceeded' }] },
    };
    expect(await newProvider().refundPayment('1', 999999, 'k-2')).toEqual({
      refundId: null,
      status: 'failed',
      failure: '400 Invalid refund amount',
    });
    answer = { status: 404, body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [] } };
    expect(await newProvider().refundPayment('2', 100, 'k-3')).toMatchObject({ refundId: null, status: 'failed' });
    answer = { status: 401, body: { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] } };
    await expect(newProvider().refundPayment('1', 100, 'k-4')).rejects.toThrow('invalid access token');
  });

  it('answers null for a payment MercadoPago does not know (final), and reports other refusals', async () => {
    answer = { status: 404, body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [] } };
    expect(await newProvider().getPayment('9')).toBeNull();
    answer = { status: 401, body: { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] } };
    await expect(newProvider().getPayment('9')).rejects.toThrow('invalid access token');
  });
});
