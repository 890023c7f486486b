import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { MovableClock } from '../src/common/clock/clock';
import { bookableProfessional } from './factories';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let ana: BrowserClient;
let anaId: number;
let bruno: BrowserClient;
let pro: ProfessionalListItem;
let other: ProfessionalListItem;
// Tuesday 1 Dec 2026, noon in Buenos Aires: Thursday 3 is the first date past the 24 h of lead.
const clock = new MovableClock(new Date('2026-12-01T15:00:00Z'));

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 12, clock });
  http = ctx.app.getHttpServer();
  ({ client: ana, id: anaId } = await registerAccount(http, 'ana@cart.test'));
  ({ client: bruno } = await registerAccount(http, 'bruno@cart.test'));
  const catalogue: ProfessionalListItem[] = (await request(http).get('/home/professionals')).body;
  [pro, other] = catalogue.filter((p) => p.availableDays.length >= 2 && p.availableDays.length < 6);
});
afterAll(() => ctx?.close());

/** What a cart line shows of its professional. */
const cardOf = (p: ProfessionalListItem) => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  profileImg: p.profileImg,
  professions: p.professions,
  availableDays: p.availableDays,
  dayPrice: p.dayPrice,
});

describe('server cart', () => {
  let detailId: number;

  it('adds a professional with its days and prices it from the current day price', async () => {
    const response = await ana.post('/api/cart', {
      clientId: anaId,
      professionalId: pro.id,
      days: [pro.availableDays[1].toUpperCase(), pro.availableDays[0]],
    });
    expect(response.status).toBe(201);
    expect(response.body.newCartDetail).toEqual({
      id: expect.any(Number),
      cartId: expect.any(Number),
      professionalId: pro.id,
      days: [pro.availableDays[0], pro.availableDays[1]],
      dates: [expect.any(String), expect.any(String)],
      quantity: 2,
      price: 2 * pro.dayPrice,
      professional: cardOf(pro),
      jobRequest: { text: '', images: [] },
      // A client without a locality: no place, so no distance and nothing refused.
      distanceKm: null,
      outsideArea: null,
    });
    detailId = response.body.newCartDetail.id;
    expect(response.body.cart).toEqual({
      id: expect.any(Number),
      details: [response.body.newCartDetail],
      total: 2 * pro.dayPrice,
      place: null,
    });
  });

  it('refuses the same professional twice', async () => {
    const response = await ana.post('/api/cart', { clientId: anaId, professionalId: pro.id, days: [pro.availableDays[0]] });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('El profesional ya fue agregado a tu carrito');
  });

  it('refuses days the professional does not offer, no days, and unknown professionals', async () => {
    const missing = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'].find(
      (day) => !other.availableDays.includes(day as never),
    )!;
    const unavailable = await ana.post('/api/cart', { professionalId: other.id, days: [missing] });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.errors[0].field).toBe('days');
    expect((await ana.post('/api/cart', { professionalId: other.id, days: [] })).status).toBe(400);
    expect((await ana.post('/api/cart', { professionalId: other.id, days: ['domingo'] })).status).toBe(400);
    expect((await ana.post('/api/cart', { professionalId: 999999, days: ['lunes'] })).status).toBe(404);
    expect((await ana.post('/api/cart', { professionalId: 'x', days: ['lunes'] })).body.errors[0].field).toBe('professionalId');
  });

  it('adds and removes days, refusing a day chosen twice with the spec message', async () => {
    const day = pro.availableDays.find((d) => d !== pro.availableDays[0] && d !== pro.availableDays[1]);
    if (day) {
      const added = await ana.patch(`/api/cart/${detailId}`, { type: 'add', day });
      expect(added.status).toBe(200);
      expect(added.body.quantity).toBe(3);
    }
    const twice = await ana.patch(`/api/cart/${detailId}`, { type: 'add', day: pro.availableDays[0] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `El dia ${pro.availableDays[0]} para el profesional ${pro.firstName} ${pro.lastName} ya ha sido reservado`,
    );
    const removed = await ana.patch(`/api/cart/${detailId}`, { type: 'remove', day: pro.availableDays[0] });
    expect(removed.status).toBe(200);
    expect(removed.body.days).not.toContain(pro.availableDays[0]);
    expect(removed.body.price).toBe(removed.body.quantity * pro.dayPrice);
    // Every change answers the whole cart too.
    expect(removed.body.cart.details).toEqual([expect.objectContaining({ id: detailId, days: removed.body.days })]);
    expect(removed.body.cart.total).toBe(removed.body.price);
    expect((await ana.patch(`/api/cart/${detailId}`, { type: 'toggle', day: 'lunes' })).body.errors[0].field).toBe('type');
  });

  it('keeps every client to its own cart', async () => {
    expect((await bruno.patch(`/api/cart/${detailId}`, { type: 'remove', day: pro.availableDays[1] })).status).toBe(403);
    expect((await bruno.delete(`/api/cart/${detailId}`)).status).toBe(403);
    expect((await bruno.post('/api/cart', { clientId: anaId, professionalId: other.id, days: [other.availableDays[0]] })).status).toBe(403);
    const brunoCart = await bruno.get('/api/cart');
    expect(brunoCart.body.details).toEqual([]);
  });

  it('lists the cart with its total and deletes a detail', async () => {
    const cart = await ana.get('/api/cart');
    expect(cart.status).toBe(200);
    expect(cart.body.details).toHaveLength(1);
    expect(cart.body.total).toBe(cart.body.details[0].price);
    const deleted = await ana.delete(`/api/cart/${detailId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.cart).toEqual({ id: cart.body.id, details: [], total: 0, place: null });
    expect((await ana.delete(`/api/cart/${detailId}`)).status).toBe(404);
    expect((await ana.get('/api/cart')).body.details).toEqual([]);
  });
});

describe('POST /api/cart/merge', () => {
  let carla: BrowserClient;
  const missingDay = (p: ProfessionalListItem) =>
    ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'].find((day) => !p.availableDays.includes(day as never))!;

  beforeAll(async () => {
    ({ client: carla } = await registerAccount(http, 'carla@cart.test'));
  });

  it('merges a browser cart into the server cart: new lines added, duplicates merged, unavailable days dropped and reported', async () => {
    await carla.post('/api/cart', { professionalId: pro.id, days: [pro.availableDays[0]] });
    const merged = await carla.post('/api/cart/merge', {
      lines: [
        { professionalId: pro.id, days: [pro.availableDays[0], pro.availableDays[1]] },
        { professionalId: other.id, days: [other.availableDays[0], missingDay(other)] },
        { professionalId: 999999, days: ['lunes'] },
      ],
    });
    expect(merged.status).toBe(200);
    expect(merged.body.dropped).toEqual([
      { reason: 'unavailable-day', professionalId: other.id, name: `${other.firstName} ${other.lastName}`, day: missingDay(other) },
      { reason: 'unknown-professional', professionalId: 999999 },
    ]);
    const lines = merged.body.cart.details.map((d: { professionalId: number; days: string[] }) => [d.professionalId, d.days]);
    expect(lines).toEqual([
      [pro.id, [pro.availableDays[0], pro.availableDays[1]]],
      [other.id, [other.availableDays[0]]],
    ]);
    expect(merged.body.cart.total).toBe(2 * pro.dayPrice + other.dayPrice);
    expect(merged.body.cart.details[1].professional).toEqual(cardOf(other));
    // The answer is the server cart: a second browser reads the same.
    expect((await carla.get('/api/cart')).body).toEqual(merged.body.cart);
  });

  it('keeps a professional with no days yet, and merging the same cart again changes nothing', async () => {
    const third = (await request(http).get('/home/professionals')).body.find(
      (p: ProfessionalListItem) => p.id !== pro.id && p.id !== other.id,
    ) as ProfessionalListItem;
    const first = await carla.post('/api/cart/merge', { lines: [{ professionalId: third.id, days: [] }] });
    expect(first.body.cart.details.map((d: { professionalId: number; days: string[] }) => [d.professionalId, d.days])).toContainEqual([
      third.id,
      [],
    ]);
    const again = await carla.post('/api/cart/merge', { lines: [{ professionalId: third.id, days: [] }] });
    expect(again.body).toEqual({ cart: first.body.cart, dropped: [] });
  });

  it('refuses a body that is not a list of lines, naming the field', async () => {
    expect((await carla.post('/api/cart/merge', {})).body.errors[0].field).toBe('lines');
    expect((await carla.post('/api/cart/merge', { lines: [{ professionalId: 'x', days: [] }] })).body.errors[0].field).toBe(
      'lines[0].professionalId',
    );
    expect((await carla.post('/api/cart/merge', { lines: [{ professionalId: pro.id, days: 'lunes' }] })).body.errors[0].field).toBe(
      'lines[0].days',
    );
    expect(
      (await carla.post('/api/cart/merge', { lines: Array.from({ length: 51 }, () => ({ professionalId: pro.id, days: [] })) })).status,
    ).toBe(400);
  });

  it('empties the whole cart with DELETE /api/cart', async () => {
    const cleared = await carla.delete('/api/cart');
    expect(cleared.status).toBe(200);
    expect(cleared.body.cart).toEqual({ id: expect.any(Number), details: [], total: 0, place: null });
    expect((await carla.get('/api/cart')).body.details).toEqual([]);
  });
});

describe('cart dates', () => {
  let juan: number;
  let client: BrowserClient;
  const cartIdOf = async (who: BrowserClient) => (await who.get('/api/cart')).body.id as number;

  beforeAll(async () => {
    let juanClient: BrowserClient;
    ({ client: juanClient, id: juan } = await registerAccount(http, 'juan@cart.test', 'profesional'));
    await bookableProfessional(http, juan, {
      firstName: 'Juan',
      lastName: 'Pérez',
      availableDays: ['lunes', 'jueves'],
      dayPriceCents: 1_000_000,
    });
    expect((await juanClient.put('/api/calendar/blocked/2026-12-10')).status).toBe(200);
  });
  beforeEach(async () => {
    ({ client } = await registerAccount(http, `fechas${Date.now()}${Math.random()}@cart.test`));
  });

  it('adds dates ascending, each once, with the spec days as their weekday names and the price per date', async () => {
    const added = await client.post('/api/cart', { professionalId: juan, dates: ['2026-12-14', '2026-12-03', '2026-12-07', '2026-12-03'] });
    expect(added.status).toBe(201);
    expect(added.body.newCartDetail).toMatchObject({
      days: ['lunes', 'lunes', 'jueves'],
      dates: ['2026-12-03', '2026-12-07', '2026-12-14'],
      quantity: 3,
      price: 30000,
    });
    expect(added.body.cart.total).toBe(30000);
  });

  it('maps weekday names to their next bookable dates not chosen yet, past blocked ones', async () => {
    const added = await client.post('/api/cart', { professionalId: juan, days: ['jueves', 'lunes', 'jueves'], dates: ['2026-12-03'] });
    expect(added.status).toBe(201);
    // Thursday 3 is chosen and 10 blocked: the two Thursdays are 17 and 24.
    expect(added.body.newCartDetail).toMatchObject({
      dates: ['2026-12-03', '2026-12-07', '2026-12-17', '2026-12-24'],
      quantity: 4,
      price: 40000,
    });
  });

  it('refuses unbookable dates with the calendar messages', async () => {
    const refusals: [string, string][] = [
      ['2026-12-08', 'Juan Pérez no trabaja el martes 8 dic'],
      [
        '2026-11-30',
        'Ya no se puede reservar a Juan Pérez para el lunes 30 nov: las reservas se hacen con al menos 24 horas de anticipación',
      ],
      ['2027-03-01', 'Todavía no se puede reservar a Juan Pérez para el lunes 1 mar: las reservas se abren hasta 60 días antes'],
      ['2026-12-10', 'Juan Pérez no está disponible el jueves 10 dic'],
    ];
    for (const [date, message] of refusals) {
      const refused = await client.post('/api/cart', { professionalId: juan, dates: [date] });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'dates', message }]);
    }
    expect((await client.post('/api/cart', { professionalId: juan, dates: ['2026-02-30'] })).body.errors[0].field).toBe('dates[0]');
    expect((await client.get('/api/cart')).body.details).toEqual([]);
  });

  it('changes a line by date or by weekday, refusing a date twice as the spec refuses a day twice', async () => {
    const id = (await client.post('/api/cart', { professionalId: juan, dates: ['2026-12-07'] })).body.newCartDetail.id;
    const added = await client.patch(`/api/cart/${id}`, { type: 'add', date: '2026-12-17' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ dates: ['2026-12-07', '2026-12-17'], days: ['lunes', 'jueves'], quantity: 2, price: 20000 });
    const twice = await client.patch(`/api/cart/${id}`, { type: 'add', date: '2026-12-07' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'day_already_chosen',
      message: 'El dia lunes 7 dic para el profesional Juan Pérez ya ha sido reservado',
    });
    expect((await client.patch(`/api/cart/${id}`, { type: 'add', date: '2026-12-10' })).body.errors).toEqual([
      { field: 'date', message: 'Juan Pérez no está disponible el jueves 10 dic' },
    ]);
    // The spec's weekday: add its next bookable date (Thursday 3), twice is the spec's refusal, remove takes every date of it.
    expect((await client.patch(`/api/cart/${id}`, { type: 'add', day: 'jueves' })).body.dates).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-17',
    ]);
    expect((await client.patch(`/api/cart/${id}`, { type: 'add', day: 'jueves' })).body.message).toBe(
      'El dia jueves para el profesional Juan Pérez ya ha sido reservado',
    );
    const removed = await client.patch(`/api/cart/${id}`, { type: 'remove', day: 'jueves' });
    expect(removed.body).toMatchObject({ dates: ['2026-12-07'], days: ['lunes'], quantity: 1, price: 10000 });
    expect((await client.patch(`/api/cart/${id}`, { type: 'remove', date: '2026-12-07' })).body).toMatchObject({ dates: [], quantity: 0 });
    expect((await client.patch(`/api/cart/${id}`, { type: 'remove', date: '2026-12-07' })).status).toBe(400);
  });

  it('does not offer dates someone else holds, and checks out exactly the chosen dates', async () => {
    expect((await client.post('/api/cart', { professionalId: juan, dates: ['2026-12-21', '2026-12-24'] })).status).toBe(201);
    const order = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(order.status).toBe(201);
    expect(order.body.newOrder.lines[0]).toMatchObject({ dates: ['2026-12-21', '2026-12-24'], days: ['lunes', 'jueves'] });
    const { client: late } = await registerAccount(http, 'tarde@cart.test');
    expect((await late.post('/api/cart', { professionalId: juan, dates: ['2026-12-21'] })).body.errors).toEqual([
      { field: 'dates', message: 'Juan Pérez ya no tiene libre el lunes 21 dic' },
    ]);
    expect((await late.post('/api/cart', { professionalId: juan, days: ['lunes'] })).body.newCartDetail.dates).toEqual(['2026-12-07']);
  });

  it('merges browser dates, dropping the unbookable ones with the date', async () => {
    const merged = await client.post('/api/cart/merge', {
      lines: [{ professionalId: juan, days: ['lunes'], dates: ['2026-12-17', '2026-12-10', '2026-12-17'] }],
    });
    expect(merged.status).toBe(200);
    expect(merged.body.cart.details[0]).toMatchObject({ dates: ['2026-12-07', '2026-12-17'], days: ['lunes', 'jueves'] });
    expect(merged.body.dropped).toEqual([
      { reason: 'unavailable-date', professionalId: juan, name: 'Juan Pérez', date: '2026-12-10', refusal: 'blocked' },
    ]);
  });
});
