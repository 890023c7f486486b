import { distanceKmBetween, outsideServiceAreaMessage, roundDistanceKm, type Locality, type ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { acceptBookingsOf, directWrites, recordsOf } from './factories';
import { payOrder } from './support/checkout';
import { browser, type BrowserClient } from './support/http-client';
import { newClientRegistration } from './support/registration';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];
const places: Record<'caballito' | 'palermo' | 'belgrano' | 'rosario', Locality> = {} as never;
const IDS = { caballito: '0204201001', palermo: '0209801001', belgrano: '0209101001', rosario: '82084270' } as const;
/** An INDEC-shaped id no locality has. */
const NO_LOCALITY = '9999999999';

const writes = () => directWrites(ctx.db.dataSource);
const km = (a: Locality, b: Locality) => roundDistanceKm(distanceKmBetween(a, b));
const oneDay = (pro: ProfessionalListItem) => ({ professionalId: pro.id, days: pro.availableDays.slice(0, 1) });

/** A client registered now, living in `localityId` (none: no locality given). */
async function client(email: string, localityId?: string): Promise<{ client: BrowserClient; id: number; cartId: number }> {
  const browserClient = await browser(http);
  const registered = await browserClient.post(
    '/home/user/register',
    newClientRegistration({ email, address: 'Av. Rivadavia 5000', ...(localityId ? { localityId } : {}) }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { client: browserClient, id: registered.body.dataValues.id, cartId: registered.body.cart.id };
}

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 8 });
  http = ctx.app.getHttpServer();
  pros = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).filter((p) => p.availableDays.length > 0);
  for (const [name, id] of Object.entries(IDS)) places[name as keyof typeof IDS] = (await request(http).get(`/home/localities/${id}`)).body;
});
afterAll(() => ctx?.close());

describe("the client's locality", () => {
  it('is taken at registration and shown whole on every account answer', async () => {
    const browserClient = await browser(http);
    const registered = await browserClient.post('/home/user/register', newClientRegistration({ localityId: IDS.caballito }));
    expect(registered.status).toBe(201);
    expect(registered.body.dataValues.locality).toEqual(places.caballito);
    const me = await browserClient.get('/home/user/me');
    expect(me.body.dataValues.locality).toEqual(places.caballito);
    const again = await browser(http);
    const login = await again.login(registered.body.dataValues.email, 'secreto-123');
    expect(login.body.dataValues.locality).toEqual(places.caballito);
  });

  it('is optional in the API: an account without one answers null', async () => {
    const { client: browserClient } = await client('sin-localidad@job-place.test');
    expect((await browserClient.get('/home/user/me')).body.dataValues.locality).toBeNull();
  });

  it('refuses an unknown locality (unknown_locality) and a malformed one, creating no account', async () => {
    const unknown = await (
      await browser(http)
    ).post('/home/user/register', newClientRegistration({ email: 'desconocida@job-place.test', localityId: NO_LOCALITY }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_locality', unknownLocalityIds: [NO_LOCALITY] });
    expect(unknown.body.message).toContain(NO_LOCALITY);
    const malformed = await (
      await browser(http)
    ).post('/home/user/register', newClientRegistration({ email: 'mal@job-place.test', localityId: 'Caballito' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'localityId' })]);
    const login = await (await browser(http)).post('/home/user/login', { email: 'desconocida@job-place.test', password: 'secreto-123' });
    expect(login.status).toBe(401);
  });

  it('is changed by "Editar Perfil" (blank keeps it, null clears it) and an unknown one changes nothing', async () => {
    const { client: eva, id } = await client('editar@job-place.test', IDS.caballito);
    const moved = await eva.put(`/api/clients/${id}`, { localityId: IDS.palermo });
    expect(moved.status).toBe(200);
    expect(moved.body.locality).toEqual(places.palermo);
    expect((await eva.put(`/api/clients/${id}`, { firstName: 'Eva', localityId: '' })).body.locality).toEqual(places.palermo);
    const refused = await eva.put(`/api/clients/${id}`, { localityId: NO_LOCALITY, firstName: 'Otra' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('unknown_locality');
    const me = (await eva.get('/home/user/me')).body.dataValues;
    expect(me).toMatchObject({ firstName: 'Eva', locality: places.palermo });
    expect((await eva.put(`/api/clients/${id}`, { localityId: null })).body.locality).toBeNull();
  });
});

describe("the cart's place", () => {
  it("is the client's address until the client names another, and is checked", async () => {
    const { client: eva } = await client('lugar@job-place.test', IDS.caballito);
    expect((await eva.get('/api/cart')).body.place).toEqual({
      locality: places.caballito,
      street: 'Av. Rivadavia 5000',
      fromAccount: true,
    });
    const set = await eva.put('/api/cart/place', { localityId: IDS.rosario, street: ' Bv. Oroño 1200 ' });
    expect(set.status).toBe(200);
    expect(set.body.cart.place).toEqual({ locality: places.rosario, street: 'Bv. Oroño 1200' });
    expect((await eva.get('/api/cart')).body.place).toEqual({ locality: places.rosario, street: 'Bv. Oroño 1200' });
    const unknown = await eva.put('/api/cart/place', { localityId: NO_LOCALITY, street: 'Calle 1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('unknown_locality');
    const noStreet = await eva.put('/api/cart/place', { localityId: IDS.palermo, street: '  ' });
    expect(noStreet.status).toBe(400);
    expect(noStreet.body.errors).toEqual([expect.objectContaining({ field: 'street' })]);
    expect((await eva.get('/api/cart')).body.place.locality).toEqual(places.rosario);
  });

  it('is none for a client without a locality until one is named', async () => {
    const { client: eva } = await client('sin-lugar@job-place.test');
    expect((await eva.get('/api/cart')).body.place).toBeNull();
  });
});

describe('bookings only inside the area', () => {
  let inCaballito: ProfessionalListItem;
  let inRosario: ProfessionalListItem;
  let anywhere: ProfessionalListItem;

  beforeAll(async () => {
    [inCaballito, inRosario, anywhere] = pros;
    await writes().setServiceArea(inCaballito.id, { localityId: IDS.caballito, radiusKm: 10 });
    await writes().setServiceArea(inRosario.id, { localityId: IDS.rosario, radiusKm: 20 });
    await writes().setServiceArea(anywhere.id, null);
  });

  it("refuses adding a professional whose area does not reach the cart's place, naming the distance and the area", async () => {
    const { client: eva } = await client('rosario@job-place.test', IDS.rosario);
    const refused = await eva.post('/api/cart', oneDay(inCaballito));
    expect(refused.status).toBe(409);
    const distanceKm = km(places.caballito, places.rosario);
    expect(refused.body).toMatchObject({
      code: 'outside_service_area',
      message: outsideServiceAreaMessage(inCaballito, { locality: places.caballito, radiusKm: 10 }, places.rosario, distanceKm),
      professionalId: inCaballito.id,
      distanceKm,
      radiusKm: 10,
      locality: places.rosario,
    });
    expect((await eva.get('/api/cart')).body.details).toEqual([]);
    // Inside the area, or without one: bookable, each line with its distance (none without an area).
    const added = await eva.post('/api/cart', oneDay(inRosario));
    expect(added.status).toBe(201);
    expect(added.body.newCartDetail).toMatchObject({ distanceKm: 0, outsideArea: null });
    expect((await eva.post('/api/cart', oneDay(anywhere))).body.newCartDetail).toMatchObject({ distanceKm: null, outsideArea: null });
  });

  it('refuses a change of place that would leave professionals out, naming every one, and changes nothing', async () => {
    const { client: eva } = await client('mudanza@job-place.test', IDS.caballito);
    await eva.post('/api/cart', oneDay(inCaballito));
    await eva.post('/api/cart', oneDay(anywhere));
    const second = pros[3];
    await writes().setServiceArea(second.id, { localityId: IDS.palermo, radiusKm: 15 });
    await eva.post('/api/cart', oneDay(second));
    const refused = await eva.put('/api/cart/place', { localityId: IDS.rosario, street: 'Córdoba 1000' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('outside_service_area');
    expect(refused.body.outside.map((o: { professionalId: number }) => o.professionalId)).toEqual([inCaballito.id, second.id]);
    expect(refused.body.message).toContain(`${inCaballito.firstName} ${inCaballito.lastName}`);
    expect(refused.body.message).toContain(`${second.firstName} ${second.lastName}`);
    const cart = (await eva.get('/api/cart')).body;
    expect(cart.place).toMatchObject({ locality: places.caballito, fromAccount: true });
    expect(cart.details).toHaveLength(3);
    // A place every one of them reaches is taken.
    const moved = await eva.put('/api/cart/place', { localityId: IDS.palermo, street: 'Honduras 4000' });
    expect(moved.status).toBe(200);
    expect(moved.body.cart.details.map((line: { distanceKm: number | null }) => line.distanceKm)).toEqual([
      km(places.caballito, places.palermo),
      null,
      0,
    ]);
    await writes().setServiceArea(second.id, null);
  });

  it('refuses a checkout outside an area (the cart warns first), and takes it once the place is inside', async () => {
    const { client: eva, cartId } = await client('checkout@job-place.test', IDS.belgrano);
    await eva.post('/api/cart', oneDay(inCaballito));
    // The area shrinks after the professional was added: the cart says so on the line, and the checkout refuses.
    await writes().setServiceArea(inCaballito.id, { localityId: IDS.caballito, radiusKm: 3 });
    const distanceKm = km(places.caballito, places.belgrano);
    const message = outsideServiceAreaMessage(inCaballito, { locality: places.caballito, radiusKm: 3 }, places.belgrano, distanceKm);
    const [line] = (await eva.get('/api/cart')).body.details;
    expect(line.outsideArea).toEqual({
      professionalId: inCaballito.id,
      distanceKm,
      radiusKm: 3,
      locality: places.belgrano,
      areaLocality: places.caballito,
      message,
    });
    const refused = await eva.post('/api/orders', { cartId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'outside_service_area', message, professionalId: inCaballito.id, distanceKm, radiusKm: 3 });
    expect(await recordsOf(ctx).bookings({ clientId: (await eva.get('/home/user/me')).body.dataValues.id })).toEqual([]);
    // The checkout may name another place: one outside is refused too, one inside is taken.
    const elsewhere = await eva.post('/api/orders', { cartId, place: { localityId: IDS.rosario, street: 'Córdoba 1000' } });
    expect(elsewhere.status).toBe(409);
    const named = await eva.post('/api/orders', { cartId, place: { localityId: IDS.caballito, street: 'Av. Pedro Goyena 800' } });
    expect(named.status).toBe(201);
    expect(named.body.newOrder.place).toEqual({
      locality: { id: IDS.caballito, name: 'Caballito', department: places.caballito.department, province: places.caballito.province },
      street: 'Av. Pedro Goyena 800',
    });
    await writes().setServiceArea(inCaballito.id, { localityId: IDS.caballito, radiusKm: 10 });
  });

  it('with no place known (an address without locality) the spec checkout still books, with no place or distance kept', async () => {
    const { client: eva, cartId } = await client('sin-direccion@job-place.test');
    await eva.post('/api/cart', oneDay(anywhere));
    await eva.post('/api/cart', oneDay(inCaballito));
    const created = await eva.post('/api/orders', { cartId });
    expect(created.status).toBe(201);
    expect(created.body.newOrder.place).toBeNull();
    expect(created.body.newOrder.lines.map((line: { distanceKm: number | null }) => line.distanceKm)).toEqual([null, null]);
  });

  it('keeps the place and each distance on the order, untouched by a later change of the area, which can still be paid and accepted', async () => {
    const { client: eva, cartId } = await client('snapshot@job-place.test', IDS.belgrano);
    await eva.post('/api/cart', oneDay(inCaballito));
    await eva.post('/api/cart', oneDay(anywhere));
    const created = await eva.post('/api/orders', { cartId });
    expect(created.status).toBe(201);
    const order = created.body.newOrder;
    const snapshot = {
      locality: { id: IDS.belgrano, name: 'Belgrano', department: places.belgrano.department, province: places.belgrano.province },
      street: 'Av. Rivadavia 5000',
    };
    expect(order.place).toEqual(snapshot);
    expect(order.lines.map((line: { distanceKm: number | null }) => line.distanceKm)).toEqual([
      km(places.caballito, places.belgrano),
      null,
    ]);
    const listed = async () => (await eva.get('/api/orders')).body.find((o: { id: number }) => o.id === order.id);
    const before = await listed();
    expect(before.place).toEqual(snapshot);
    expect(before.orderDetails.map((line: { distanceKm: number | null }) => line.distanceKm)).toEqual([
      km(places.caballito, places.belgrano),
      null,
    ]);

    // The professional no longer works in Belgrano: the booking already made stays as it was, and goes on.
    await writes().setServiceArea(inCaballito.id, { localityId: IDS.caballito, radiusKm: 1, excludedLocalityIds: [IDS.belgrano] });
    const after = await listed();
    expect(after.place).toEqual(before.place);
    expect(after.orderDetails).toEqual(before.orderDetails);
    await payOrder(http, ctx.db.dataSource, eva, order.id);
    await acceptBookingsOf(ctx, order.id);
    const bookings = await recordsOf(ctx).bookings({ orderId: order.id });
    expect(bookings.find((b) => b.professionalId === inCaballito.id)).toMatchObject({
      lineStatus: 'confirmed',
      distanceKm: km(places.caballito, places.belgrano),
    });
    const history = (await eva.get('/home/user/me')).body.profile.shoppingHistory;
    expect(history.find((line: { professionalId: number }) => line.professionalId === inCaballito.id)).toMatchObject({
      distanceKm: km(places.caballito, places.belgrano),
      place: snapshot,
    });
    await writes().setServiceArea(inCaballito.id, { localityId: IDS.caballito, radiusKm: 10 });
  });

  it('never lets a line in at a place outside its area when adding it and changing the place race', async () => {
    const { client: eva } = await client('carrera@job-place.test', IDS.caballito);
    for (let round = 0; round < 6; round += 1) {
      await eva.delete('/api/cart');
      await eva.put('/api/cart/place', { localityId: IDS.caballito, street: 'Rojas 100' });
      const [added, moved] = await Promise.all([
        eva.post('/api/cart', oneDay(inCaballito)),
        eva.put('/api/cart/place', { localityId: IDS.rosario, street: 'Córdoba 1000' }),
      ]);
      // Exactly one wins, whichever took the cart's lock first; the other is refused for the area.
      expect(added.status === 201 ? [added.status, moved.status] : [moved.status, added.status]).toEqual(
        added.status === 201 ? [201, 409] : [200, 409],
      );
      const cart = (await eva.get('/api/cart')).body;
      expect(cart.details.filter((line: { outsideArea: unknown }) => line.outsideArea !== null)).toEqual([]);
    }
  });
});
