import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { orderFromCart } from './support/checkout';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
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
    expect(response.body.newOrder).toEqual({ id: expect.any(Number), amount: expected, status: 'creada', date: expect.any(String) });
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
    const events: { type: string; payload: unknown }[] = await ctx.db.dataSource.query(
      `SELECT type, payload FROM outbox_events WHERE type = 'OrderCreated' AND (payload->>'orderId')::int = $1`,
      [orderId],
    );
    expect(events).toEqual([{ type: 'OrderCreated', payload: { orderId, clientId: anaId } }]);
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

describe('DELETE /api/orders/{id}', () => {
  it('lets only its client cancel an unpaid order, records it, and is idempotent', async () => {
    const order = await orderFromCart(ana, anaCart, [pros[3]]);
    expect((await bruno.delete(`/api/orders/${order.id}`)).status).toBe(403);
    const cancelled = await ana.delete(`/api/orders/${order.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({ id: order.id, status: 'cancelada' });
    expect(cancelled.body.order.orderDetails.every((d: { status: string }) => d.status === 'cancelada')).toBe(true);
    expect((await ana.delete(`/api/orders/${order.id}`)).status).toBe(200);
    const changes = await ctx.db.dataSource.query(
      'SELECT from_status, to_status, changed_by, reason FROM order_status_changes WHERE order_id = $1',
      [order.id],
    );
    expect(changes).toEqual([{ from_status: 'creada', to_status: 'cancelada', changed_by: anaId, reason: 'client-cancelled' }]);
    expect((await ana.delete('/api/orders/999999')).status).toBe(404);
  });

  it('refuses to cancel a paid order', async () => {
    const order = await orderFromCart(ana, anaCart, [pros[4]]);
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'procesando' })).status).toBe(200);
    const response = await ana.delete(`/api/orders/${order.id}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`La orden ${order.id} ya fue pagada y no se puede cancelar`);
  });
});

describe('administration', () => {
  it('sets any of the four statuses, records who did it and answers the updated order', async () => {
    const order = await orderFromCart(ana, anaCart, [pros[5]]);
    for (const status of ['procesando', 'completa', 'cancelada', 'creada']) {
      const response = await admin.patch(`/api/orders/${order.id}`, { status });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: order.id, status });
    }
    const changes: { to_status: string; changed_by: number }[] = await ctx.db.dataSource.query(
      'SELECT to_status, changed_by FROM order_status_changes WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    const adminId = (await admin.get('/home/user/me')).body.dataValues.id;
    expect(changes).toEqual(['procesando', 'completa', 'cancelada', 'creada'].map((to_status) => ({ to_status, changed_by: adminId })));
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'pagada' })).status).toBe(400);
    expect((await admin.patch('/api/orders/999999', { status: 'completa' })).status).toBe(404);
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
