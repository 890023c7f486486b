import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { directWrites, recordsOf } from './factories';
import { orderFromCart, payOrder } from './support/checkout';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { eventually } from './support/eventually';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let ana: BrowserClient;
let anaId: number;
let anaCart: number;
let bruno: BrowserClient;
let brunoCart: number;
let admin: BrowserClient;
let pros: ProfessionalListItem[];

const cartIdOf = async (client: BrowserClient) => (await client.get('/home/user/me')).body.cart.id as number;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 12 });
  http = ctx.app.getHttpServer();
  ({ client: ana, id: anaId } = await registerAccount(http, 'ana@orders.test'));
  ({ client: bruno } = await registerAccount(http, 'bruno@orders.test'));
  anaCart = await cartIdOf(ana);
  brunoCart = await cartIdOf(bruno);
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  pros = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).filter((p) => p.availableDays.length >= 2);
});
afterAll(() => ctx?.close());

describe('POST /api/orders', () => {
  it('creates the order and its details from the server cart at current prices, with its OrderCreated event', async () => {
    await ana.post('/api/cart', { professionalId: pros[0].id, days: pros[0].availableDays.slice(0, 2) });
    await ana.post('/api/cart', { professionalId: pros[1].id, days: pros[1].availableDays.slice(0, 1) });
    const response = await ana.post('/api/orders', { clientId: anaId, cartId: anaCart });
    expect(response.status).toBe(201);
    const expected = 2 * pros[0].dayPrice + pros[1].dayPrice;
    // The whole order the summary shows: each line with its professional, days, day price and price; the total.
    const line = (pro: ProfessionalListItem, days: number) => ({
      id: expect.any(Number),
      professionalId: pro.id,
      professional: {
        id: pro.id,
        firstName: pro.firstName,
        lastName: pro.lastName,
        profileImg: pro.profileImg,
        professions: pro.professions,
      },
      days: pro.availableDays.slice(0, days),
      dates: expect.any(Array),
      dayPrice: pro.dayPrice,
      reservationAmount: days * pro.dayPrice,
      jobRequest: null,
      distanceKm: null,
    });
    expect(response.body.newOrder).toEqual({
      id: expect.any(Number),
      amount: expected,
      status: 'creada',
      date: expect.any(String),
      lines: [line(pros[0], 2), line(pros[1], 1)],
      place: null,
    });
    const orderId = response.body.newOrder.id;

    const [mine] = (await ana.get('/api/orders')).body;
    expect(mine).toMatchObject({ id: orderId, clientId: anaId, amount: expected, status: 'creada' });
    expect(mine.orderDetails).toEqual([
      expect.objectContaining({
        professionalId: pros[0].id,
        days: pros[0].availableDays.slice(0, 2),
        reservationAmount: 2 * pros[0].dayPrice,
      }),
      expect.objectContaining({ professionalId: pros[1].id, days: pros[1].availableDays.slice(0, 1), reservationAmount: pros[1].dayPrice }),
    ]);
    const events = (await recordsOf(ctx).outboxEvents('OrderCreated', { orderId })).map(({ type, payload }) => ({ type, payload }));
    expect(events).toEqual([{ type: 'OrderCreated', payload: { orderId, clientId: anaId, amountCents: Math.round(expected * 100) } }]);
  });

  it("refuses another client's cart, an empty cart and a bad cart id", async () => {
    const others = await bruno.post('/api/orders', { cartId: anaCart });
    expect(others.status).toBe(403);
    const empty = await bruno.post('/api/orders', { cartId: brunoCart });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('El carrito está vacío');
    expect((await bruno.post('/api/orders', { cartId: 'abc' })).status).toBe(400);
    expect((await bruno.post('/api/orders', {})).body.errors[0].field).toBe('cartId');
    expect((await bruno.post('/api/orders', { cartId: 999_999 })).status).toBe(404);
  });

  it('refuses a cart line without days', async () => {
    const { client, id } = await registerAccount(http, 'nodays@orders.test');
    const cartId = await cartIdOf(client);
    const added = await client.post('/api/cart', { clientId: id, professionalId: pros[2].id, days: [pros[2].availableDays[0]] });
    await client.patch(`/api/cart/${added.body.newCartDetail.id}`, { type: 'remove', day: pros[2].availableDays[0] });
    const response = await client.post('/api/orders', { cartId });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Elige al menos un dia para ${pros[2].firstName} ${pros[2].lastName}`);
  });
});

/** The order's status changes, oldest first, with who made each. */
const changesWithAuthorOf = async (orderId: number) =>
  (await recordsOf(ctx).orderStatusChanges(orderId)).map(({ fromStatus, toStatus, changedBy, reason }) => ({
    fromStatus,
    toStatus,
    changedBy,
    reason,
  }));

describe('DELETE /api/orders/{id}', () => {
  it('lets only its client cancel an unpaid order, records it, and is idempotent', async () => {
    const order = await orderFromCart(ana, anaCart, [pros[3]]);
    expect((await bruno.delete(`/api/orders/${order.id}`)).status).toBe(403);
    const cancelled = await ana.delete(`/api/orders/${order.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({ id: order.id, status: 'cancelada' });
    expect(cancelled.body.order.orderDetails.every((d: { status: string }) => d.status === 'cancelada')).toBe(true);
    expect((await ana.delete(`/api/orders/${order.id}`)).status).toBe(200);
    const changes = await changesWithAuthorOf(order.id);
    expect(changes).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', changedBy: anaId, reason: 'client-cancelled' }]);
    expect((await ana.delete('/api/orders/999999')).status).toBe(404);
  });

  it('refuses to cancel a paid order', async () => {
    const order = await orderFromCart(ana, anaCart, [pros[4]]);
    await payOrder(http, ctx.db.dataSource, ana, order.id);
    const response = await ana.delete(`/api/orders/${order.id}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`La orden ${order.id} ya fue pagada y no se puede cancelar`);
  });
});

describe('administration', () => {
  const changesOf = async (orderId: number): Promise<{ fromStatus: string; toStatus: string; reason: string }[]> =>
    (await recordsOf(ctx).orderStatusChanges(orderId)).map(({ fromStatus, toStatus, reason }) => ({ fromStatus, toStatus, reason }));

  it('moves an order only along the allowed moves: 409 with the reason otherwise, nothing recorded', async () => {
    const { client } = await registerAccount(http, 'moves@orders.test');
    const unpaid = await orderFromCart(client, await cartIdOf(client), [pros[5]]);
    const move = (orderId: number, status: string) => admin.patch(`/api/orders/${orderId}`, { status });
    for (const [status, why] of [
      ['procesando', 'solo un pago aprobado por MercadoPago la marca como pagada'],
      ['completa', 'solo un pago aprobado por MercadoPago la marca como pagada'],
    ]) {
      const refused = await move(unpaid.id, status);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`No se puede pasar la orden ${unpaid.id} de creada a ${status}: ${why}`);
    }
    // The status it already has: nothing to do, nothing recorded.
    expect((await move(unpaid.id, 'creada')).body).toMatchObject({ id: unpaid.id, status: 'creada' });
    expect((await move(unpaid.id, 'cancelada')).body).toMatchObject({ id: unpaid.id, status: 'cancelada', paymentAlert: null });
    expect((await move(unpaid.id, 'creada')).body.message).toBe(
      `No se puede pasar la orden ${unpaid.id} de cancelada a creada: una orden no vuelve a esperar un pago`,
    );
    expect((await move(unpaid.id, 'procesando')).body.message).toBe(
      `No se puede pasar la orden ${unpaid.id} de cancelada a procesando: una orden cancelada no se reabre`,
    );
    expect(await changesOf(unpaid.id)).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', reason: 'admin' }]);

    const paid = await orderFromCart(client, await cartIdOf(client), [pros[6]]);
    await payOrder(http, ctx.db.dataSource, client, paid.id);
    for (const status of ['completa', 'procesando', 'completa']) expect((await move(paid.id, status)).body.status).toBe(status);
    const back = await move(paid.id, 'creada');
    expect(back.status).toBe(409);
    expect(await changesOf(paid.id)).toEqual([
      { fromStatus: 'creada', toStatus: 'procesando', reason: 'payment-approved' },
      { fromStatus: 'procesando', toStatus: 'completa', reason: 'admin' },
      { fromStatus: 'completa', toStatus: 'procesando', reason: 'admin' },
      { fromStatus: 'procesando', toStatus: 'completa', reason: 'admin' },
    ]);
    expect((await move(paid.id, 'pagada')).status).toBe(400);
    expect((await move(999_999, 'completa')).status).toBe(404);
  });

  it('cancelling a paid order records that its payment is owed back, and administrators see it with the order', async () => {
    const { client } = await registerAccount(http, 'refund@orders.test');
    const order = await orderFromCart(client, await cartIdOf(client), [pros[7]]);
    await payOrder(http, ctx.db.dataSource, client, order.id);
    const cancelled = await admin.patch(`/api/orders/${order.id}`, { status: 'cancelada' });
    expect(cancelled.status).toBe(200);
    const alert = {
      needsReview: false,
      refundDue: true,
      reasons: ['Orden procesando cancelada por un administrador: hay que devolver el pago'],
    };
    expect(cancelled.body).toMatchObject({ id: order.id, status: 'cancelada', paymentAlert: alert });
    const listed = (await admin.get('/api/orders')).body as { id: number; paymentAlert: unknown }[];
    expect(listed.find((o) => o.id === order.id)?.paymentAlert).toEqual(alert);
    expect(listed.find((o) => o.id !== order.id)?.paymentAlert).toBeNull();
    // Payments flags its own payment when it hears of the change (OrderStatusChanged).
    await eventually(async () => {
      const [payment] = (await recordsOf(ctx).payments({ orderId: order.id })).map(({ status, refundDue }) => ({ status, refundDue }));
      expect(payment).toEqual({ status: 'approved', refundDue: true });
    });
    // The client's own list does not carry the administrators' alert.
    const [own] = (await client.get('/api/orders')).body;
    expect(own).not.toHaveProperty('paymentAlert');
  });

  it('lists every order for an administrator, filtered by status and paginated on request', async () => {
    const all = (await admin.get('/api/orders')).body as { status: string; clientId: number }[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const page = await admin.get('/api/orders?status=cancelada&page=1&pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 2, total: all.filter((o) => o.status === 'cancelada').length });
    expect(page.body.items.every((o: { status: string }) => o.status === 'cancelada')).toBe(true);
    expect((await admin.get('/api/orders?status=Todas')).body).toHaveLength(all.length);
    expect((await admin.get('/api/orders?status=otra')).status).toBe(400);
    expect((await admin.get('/api/orders?page=0')).status).toBe(400);
    // A client sees only its own.
    expect((await bruno.get('/api/orders')).body).toEqual([]);
  });

  it('shows a professional its own jobs only', async () => {
    const { client: pro, id: proId } = await registerAccount(http, 'pro@orders.test', 'profesional');
    expect((await pro.get(`/api/orders/professional/${proId}`)).body).toEqual([]);
    expect((await pro.get(`/api/orders/professional/${pros[0].id}`)).status).toBe(403);
    type Listed = { id: number; orderDetails: { professionalId: number }[] };
    const booking = ((await admin.get('/api/orders')).body as Listed[]).filter((o) =>
      o.orderDetails.some((d) => d.professionalId === pros[0].id),
    );
    const jobs = (await admin.get(`/api/orders/professional/${pros[0].id}`)).body as Listed[];
    expect(jobs.map((o) => o.id)).toEqual(booking.map((o) => o.id));
    // Only that professional's lines: the other professionals of the order are not its business.
    expect(jobs.flatMap((o) => o.orderDetails.map((d) => d.professionalId))).toEqual(jobs.map(() => pros[0].id));
  });
});

describe('one cart, one open order', () => {
  const ordersOf = async (clientId: number): Promise<{ id: number; status: string }[]> =>
    (await recordsOf(ctx).orders({ clientId })).map(({ id, status }) => ({ id, status }));

  async function clientWithCart(email: string, ...booked: ProfessionalListItem[]) {
    const { client, id } = await registerAccount(http, email);
    for (const professional of booked)
      expect(
        (await client.post('/api/cart', { professionalId: professional.id, days: professional.availableDays.slice(0, 2) })).status,
      ).toBe(201);
    return { client, id, cartId: await cartIdOf(client) };
  }

  it('10 parallel checkouts of one cart make one order, and each of them answers it', async () => {
    const { client, id, cartId } = await clientWithCart('parallel@orders.test', pros[0], pros[1]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/orders', { cartId })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const [first] = answers;
    for (const answer of answers) expect(answer.body).toEqual(first.body);
    expect(await ordersOf(id)).toEqual([{ id: first.body.newOrder.id, status: 'creada' }]);
  });

  it('checking out a changed cart replaces the open order, cancelled with its own reason', async () => {
    const { client, id, cartId } = await clientWithCart('changed@orders.test', pros[0]);
    const first = (await client.post('/api/orders', { cartId })).body.newOrder;
    expect((await client.post('/api/orders', { cartId })).body.newOrder).toEqual(first);
    await client.post('/api/cart', { professionalId: pros[1].id, days: pros[1].availableDays.slice(0, 1) });
    const second = await client.post('/api/orders', { cartId });
    expect(second.status).toBe(201);
    expect(second.body.newOrder).toMatchObject({ status: 'creada', amount: 2 * pros[0].dayPrice + pros[1].dayPrice });
    expect(second.body.newOrder.id).not.toBe(first.id);
    expect(await ordersOf(id)).toEqual([
      { id: first.id, status: 'cancelada' },
      { id: second.body.newOrder.id, status: 'creada' },
    ]);
    const changes = await changesWithAuthorOf(first.id);
    expect(changes).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', changedBy: id, reason: 'cart-changed' }]);
  });

  it('the database refuses a second open order for a cart (the backstop behind the cart lock)', async () => {
    const { id, cartId } = await clientWithCart('backstop@orders.test');
    const writes = directWrites(ctx.db.dataSource);
    const insert = () => writes.insertOrder({ clientId: id, cartId, amountCents: 10000, status: 'creada' });
    await insert();
    await expect(insert()).rejects.toThrow(/orders_open_cart_key/);
    await writes.setStatusOfCartOrders(cartId, 'cancelada');
    await insert();
  });

  describe('Idempotency-Key', () => {
    it('replays the stored answer for the same key and body, also racing, without checking out again', async () => {
      const { client, id, cartId } = await clientWithCart('key@orders.test', pros[2]);
      const key = { 'Idempotency-Key': 'checkout-7f3a' };
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/orders', { cartId }, key)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
      for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
      // The cart changes: a checkout would replace the order, but the same key answers what it answered before.
      await client.post('/api/cart', { professionalId: pros[3].id, days: pros[3].availableDays.slice(0, 1) });
      const replayed = await client.post('/api/orders', { cartId }, key);
      expect(replayed.status).toBe(201);
      expect(replayed.body).toEqual(answers[0].body);
      expect(await ordersOf(id)).toEqual([{ id: answers[0].body.newOrder.id, status: 'creada' }]);
      // Another key is another request.
      const fresh = await client.post('/api/orders', { cartId }, { 'Idempotency-Key': 'checkout-8b21' });
      expect(fresh.body.newOrder.id).not.toBe(answers[0].body.newOrder.id);
    });

    it('refuses the same key with another body (422) and a malformed key (400)', async () => {
      const { client, id, cartId } = await clientWithCart('badkey@orders.test', pros[4]);
      expect((await client.post('/api/orders', { cartId }, { 'Idempotency-Key': 'k-1' })).status).toBe(201);
      const reused = await client.post('/api/orders', { cartId, clientId: id }, { 'Idempotency-Key': 'k-1' });
      expect(reused.status).toBe(422);
      expect(reused.body.message).toBe('Esta Idempotency-Key ya se usó con otra solicitud: usa una clave nueva');
      for (const malformed of ['', 'x'.repeat(101), 'a\tb', 'clave-ñ']) {
        const response = await client.post('/api/orders', { cartId }, { 'Idempotency-Key': malformed });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([{ field: 'Idempotency-Key', message: expect.stringContaining('Idempotency-Key') }]);
      }
      expect((await client.post('/api/orders', { cartId }, { 'Idempotency-Key': 'x'.repeat(100) })).status).toBe(201);
    });
  });
});
