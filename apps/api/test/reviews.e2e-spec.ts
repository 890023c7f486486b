import { REVIEW_MESSAGES, summarizeRatings, type ProfessionalDetail, type ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { acceptBookingsOf, recordsOf } from './factories';
import { orderFromCart, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let admin: BrowserClient;
let pro: ProfessionalListItem;
let other: ProfessionalListItem;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 8 });
  http = ctx.app.getHttpServer();
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  [pro, other] = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
});
afterAll(() => ctx?.close());

/**
 * A client with one order of `professional`, in the given status (paid in the sandbox, then moved by the
 * administrator). For `completa` the professional has accepted the booking first (the line is confirmed, as after its
 * "Aceptar"), so the administrator's "completa" marks the work done.
 */
async function clientWithOrder(email: string, status: 'creada' | 'procesando' | 'cancelada' | 'completa', professional = pro) {
  const { client, id } = await registerAccount(http, email);
  const cartId = (await client.get('/home/user/me')).body.cart.id;
  const order = await orderFromCart(client, cartId, [professional]);
  if (status === 'procesando' || status === 'completa') await payOrder(http, ctx.db.dataSource, client, order.id);
  if (status === 'completa') await acceptBookingsOf(ctx, order.id);
  if (status === 'completa' || status === 'cancelada') expect((await admin.patch(`/api/orders/${order.id}`, { status })).status).toBe(200);
  const [line] = (await client.get(`/api/clients/${id}`)).body.orders[0].orderDetails;
  return { client, id, order, orderDetailId: line.id as number };
}

const ratingsOf = async (professionalId: number): Promise<number[]> =>
  (await recordsOf(ctx).reviews({ professionalId })).map((review) => review.rating);

describe('POST /api/reviews', () => {
  it('refuses a professional the client never booked, booked without paying, or whose work is not done yet', async () => {
    const { client: never } = await registerAccount(http, 'never@reviews.test');
    const refused = await never.post('/api/reviews', { professionalId: pro.id, rating: 5, comment: 'Genial' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo puedes reseñar a profesionales que contrataste y pagaste');
    // Paid but not done (procesando): reviews open only for done bookings.
    for (const status of ['creada', 'cancelada', 'procesando'] as const) {
      const { client } = await clientWithOrder(`${status}@reviews.test`, status);
      expect((await client.post('/api/reviews', { professionalId: pro.id, rating: 5, comment: 'Genial' })).status).toBe(403);
    }
    expect((await never.post('/api/reviews', { professionalId: 999_999, rating: 5, comment: 'x' })).status).toBe(404);
  });

  it('refuses out-of-range ratings and empty or too long comments, naming the field', async () => {
    const { client } = await clientWithOrder('fields@reviews.test', 'procesando');
    const before = await ratingsOf(pro.id);
    for (const rating of [0, 6, 3.5, 'cinco', null]) {
      const response = await client.post('/api/reviews', { professionalId: pro.id, rating, comment: 'Bien' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'rating', message: REVIEW_MESSAGES.rating }]);
    }
    for (const [comment, message] of [
      ['', REVIEW_MESSAGES.commentRequired],
      ['<b></b>', REVIEW_MESSAGES.commentRequired],
      ['x'.repeat(501), REVIEW_MESSAGES.commentTooLong],
    ]) {
      const response = await client.post('/api/reviews', { professionalId: pro.id, rating: 4, comment });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'comment', message }]);
    }
    // Nothing refused was saved.
    expect(await ratingsOf(pro.id)).toEqual(before);
  });

  it("refuses another client's id", async () => {
    const { client } = await clientWithOrder('impostor@reviews.test', 'procesando');
    const { id: victimId } = await clientWithOrder('victim@reviews.test', 'procesando');
    const response = await client.post('/api/reviews', { clientId: victimId, professionalId: pro.id, rating: 1, comment: 'Malo' });
    expect(response.status).toBe(403);
  });

  it('saves a paid booking’s review (markup stripped) and the worker recomputes rating and reputation, seen by the listing and detail', async () => {
    const before = (await request(http).get(`/home/professionals/${other.id}`)).body as ProfessionalDetail;
    const { client, id, orderDetailId } = await clientWithOrder('happy@reviews.test', 'completa', other);
    // Both cached now: the change must reach them without waiting for the cache to expire.
    await request(http).get('/home/professionals');

    const created = await client.post('/api/reviews', {
      clientId: id,
      professionalId: other.id,
      orderDetailId,
      rating: 1,
      comment: '<script>alert(1)</script>Llegó <b>tarde</b>',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      review: expect.objectContaining({
        clientId: id,
        professionalId: other.id,
        orderDetailId,
        rating: 1,
        comment: 'alert(1) Llegó tarde',
      }),
      updated: false,
    });
    const expected = summarizeRatings(await ratingsOf(other.id));
    expect(expected.reputation).toBe(before.reputation + 1);
    await eventually(async () => {
      const detail = (await request(http).get(`/home/professionals/${other.id}`)).body as ProfessionalDetail;
      expect({ rating: detail.rating, reputation: detail.reputation }).toEqual(expected);
      const listed = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).find((p) => p.id === other.id);
      expect({ rating: listed?.rating, reputation: listed?.reputation }).toEqual(expected);
    }, 4000);
    const reviews = (await request(http).get(`/home/reviews?professionalId=${other.id}`)).body;
    expect(reviews[0]).toMatchObject({
      professionalId: other.id,
      comment: 'alert(1) Llegó tarde',
      rating: 1,
      client: { firstName: 'Rol' },
    });
    const [line] = (await client.get(`/api/clients/${id}`)).body.orders[0].orderDetails;
    expect(line.review).toEqual({ id: created.body.review.id, rating: 1, comment: 'alert(1) Llegó tarde' });

    // The same booking again: the review is updated, not doubled.
    const again = await client.post('/api/reviews', { professionalId: other.id, orderDetailId, rating: 5, comment: 'Al final, excelente' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ review: { id: created.body.review.id, rating: 5 }, updated: true });
    const count = await recordsOf(ctx).countReviews({ orderDetailId });
    expect(count).toBe(1);
    const after = summarizeRatings(await ratingsOf(other.id));
    await eventually(async () => {
      const detail = (await request(http).get(`/home/professionals/${other.id}`)).body as ProfessionalDetail;
      expect({ rating: detail.rating, reputation: detail.reputation }).toEqual(after);
    });
  });

  it('refuses a booking of someone else', async () => {
    const { orderDetailId } = await clientWithOrder('owner2@reviews.test', 'procesando');
    const { client } = await clientWithOrder('thief@reviews.test', 'procesando');
    const response = await client.post('/api/reviews', { professionalId: pro.id, orderDetailId, rating: 3, comment: 'Meh' });
    expect(response.status).toBe(403);
  });
});
