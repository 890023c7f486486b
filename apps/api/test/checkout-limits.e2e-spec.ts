import type { IsoDate } from '@oficios/domain';
import type { App } from 'supertest/types';
import { bookableProfessional, recordsOf } from './factories';
import { bookingClock, juanAndAnother } from './support/bookings';
import { cartIdOf, payOrder } from './support/checkout';
import { registerAccount, type BrowserClient } from './support/http-client';
import { mailedToken } from './support/mail-outbox';
import { startTestApp, type TestContext } from './support/test-app';

// What one client may hold unpaid: CHECKOUT_MAX_HELD_DATES over all their unpaid orders, CHECKOUT_UNVERIFIED_MAX_DATES
// in one checkout until the account's e-mail is verified (small here, so the carts stay small).
const MAX_HELD = 12;
const UNVERIFIED_MAX = 4;

let ctx: TestContext;
let http: App;
let proId: number;
let otherProId: number;

beforeAll(async () => {
  ctx = await startTestApp({
    professionals: 0,
    clock: bookingClock(),
    env: { CHECKOUT_MAX_HELD_DATES: String(MAX_HELD), CHECKOUT_UNVERIFIED_MAX_DATES: String(UNVERIFIED_MAX) },
  });
  http = ctx.app.getHttpServer();
  ({ proId, otherProId } = await juanAndAnother(http));
  // The other professional works every day but Sunday, so a cart can hold many of his dates.
  await bookableProfessional(http, otherProId, {
    firstName: 'Otro',
    lastName: 'Gómez',
    availableDays: ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'],
    dayPriceCents: 500_000,
  });
});
afterAll(() => ctx?.close());

/** `count` of the other professional's working dates (Monday to Saturday), from the `skip`-th bookable one on (3 Dec 2026). */
function workingDates(count: number, skip = 0): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let day = new Date('2026-12-03T12:00:00Z'); dates.length < skip + count; day.setUTCDate(day.getUTCDate() + 1))
    if (day.getUTCDay() !== 0) dates.push(day.toISOString().slice(0, 10) as IsoDate);
  return dates.slice(skip);
}

async function verifiedClient(email: string): Promise<BrowserClient> {
  const { client } = await registerAccount(http, email);
  const token = await mailedToken(ctx.config.mail.outboxDir, email, '/verify-email');
  expect((await client.post('/home/user/email/verify', { token })).status).toBe(200);
  return client;
}

/** The client's unpaid held dates, as the calendar keeps them (live holds of lines awaiting payment). */
async function heldUnpaid(clientEmail: string): Promise<number> {
  const records = recordsOf(ctx);
  const client = (await records.userByEmail(clientEmail))!;
  let held = 0;
  for (const booking of await records.bookings({ clientId: client.id }))
    if (booking.lineStatus === 'awaiting_payment') held += (await records.holds({ bookingId: booking.id, live: true })).length;
  return held;
}

const checkout = async (client: BrowserClient) => client.post('/api/orders', { cartId: await cartIdOf(client) });
const datesOf = (answer: { body: { newOrder: { lines: { dates: string[] }[] } } }) =>
  answer.body.newOrder.lines.reduce((sum, line) => sum + line.dates.length, 0);

describe('checkout limits on unpaid dates', () => {
  it(`an unverified account books up to ${UNVERIFIED_MAX} dates in one checkout; more is 409 unverified_dates_limit, until it verifies its e-mail`, async () => {
    const email = 'sin-verificar@limites.test';
    const { client } = await registerAccount(http, email);
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: workingDates(3) })).status).toBe(201);
    expect((await client.post('/api/cart', { professionalId: proId, dates: ['2026-12-07', '2026-12-10'] })).status).toBe(201);
    const refused = await checkout(client);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'unverified_dates_limit',
      message:
        'Verifica tu correo para reservar más de 4 días en una compra (esta tiene 5): abre el enlace que te enviamos; desde Mi Perfil puedes pedir otro.',
    });
    expect((await client.get('/api/orders')).body).toEqual([]);
    expect(await heldUnpaid(email)).toBe(0);
    // Four dates are fine.
    const cart = (await client.get('/api/cart')).body as { details: { id: number; professionalId: number }[] };
    const juanLine = cart.details.find((line) => line.professionalId === proId)!;
    expect((await client.patch(`/api/cart/${juanLine.id}`, { type: 'remove', date: '2026-12-10' })).status).toBe(200);
    const four = await checkout(client);
    expect(four.status).toBe(201);
    expect(await heldUnpaid(email)).toBe(4);
    // Once the e-mail is verified, the same account books more.
    const token = await mailedToken(ctx.config.mail.outboxDir, email, '/verify-email');
    expect((await client.post('/home/user/email/verify', { token })).status).toBe(200);
    expect((await client.patch(`/api/cart/${juanLine.id}`, { type: 'add', date: '2026-12-10' })).status).toBe(200);
    const five = await checkout(client);
    expect(five.status).toBe(201);
    expect(await heldUnpaid(email)).toBe(5);
  });

  it(`a verified client holds at most ${MAX_HELD} dates unpaid: a larger checkout is 409 held_dates_limit and holds nothing; paid dates do not count`, async () => {
    const email = 'muchas-fechas@limites.test';
    const client = await verifiedClient(email);
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: workingDates(11, 20) })).status).toBe(201);
    expect((await client.post('/api/cart', { professionalId: proId, dates: ['2026-12-14', '2026-12-17'] })).status).toBe(201);
    const refused = await checkout(client);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'held_dates_limit',
      message: 'Una compra sin pagar puede reservar hasta 12 días y esta tiene 13: quita días de tu carrito.',
    });
    expect(await heldUnpaid(email)).toBe(0);
    const cart = (await client.get('/api/cart')).body as { details: { id: number; professionalId: number }[] };
    const juanLine = cart.details.find((line) => line.professionalId === proId)!;
    expect((await client.patch(`/api/cart/${juanLine.id}`, { type: 'remove', date: '2026-12-17' })).status).toBe(200);
    const twelve = await checkout(client);
    expect(twelve.status).toBe(201);
    expect(await heldUnpaid(email)).toBe(12);
    // Paid, those dates are booked, no longer held unpaid: the client may hold twelve more.
    await payOrder(http, ctx.db.dataSource, client, twelve.body.newOrder.id);
    expect(await heldUnpaid(email)).toBe(0);
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: workingDates(12, 31) })).status).toBe(201);
    expect((await checkout(client)).status).toBe(201);
    expect(await heldUnpaid(email)).toBe(12);
  });

  it(`parallel checkouts of one client, while its cart grows past the limit, never leave more than ${MAX_HELD} dates held unpaid`, async () => {
    const email = 'en-paralelo@limites.test';
    const client = await verifiedClient(email);
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: workingDates(10, 3) })).status).toBe(201);
    const line = ((await client.get('/api/cart')).body as { details: { id: number }[] }).details[0];
    const cartId = await cartIdOf(client);
    // Twenty checkouts at once, with four more dates going into the cart among them (it ends at 14).
    const added = workingDates(4, 13);
    const requests = Array.from({ length: 24 }, (_, n) =>
      n % 6 === 5
        ? { kind: 'add', sent: client.patch(`/api/cart/${line.id}`, { type: 'add', date: added[(n - 5) / 6] }) }
        : { kind: 'checkout', sent: client.post('/api/orders', { cartId }) },
    );
    const answers = await Promise.all(requests.map(async ({ kind, sent }) => ({ kind, answer: await sent })));
    expect(answers.filter(({ kind }) => kind === 'add').map(({ answer }) => answer.status)).toEqual([200, 200, 200, 200]);
    const checkouts = answers.filter(({ kind }) => kind === 'checkout').map(({ answer }) => answer);
    for (const answer of checkouts) {
      if (answer.status === 201) expect(datesOf(answer)).toBeLessThanOrEqual(MAX_HELD);
      else expect(answer.body).toMatchObject({ statusCode: 409, code: 'held_dates_limit' });
    }
    expect(await heldUnpaid(email)).toBeLessThanOrEqual(MAX_HELD);
    // The cart now holds 14 dates: checking it out again is refused and keeps what was held.
    const before = await heldUnpaid(email);
    const last = await checkout(client);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('held_dates_limit');
    expect(await heldUnpaid(email)).toBe(before);
  });
});
