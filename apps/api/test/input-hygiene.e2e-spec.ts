import type { ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { completeOrder, recordsOf } from './factories';
import { orderFromCart, payOrder } from './support/checkout';
import { browser, registerAccount } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Every string that enters the API (query, route parameters, JSON and form bodies) is checked at the edge:
 * control characters are refused with 400 naming the field, and invisible direction overrides and zero-width
 * characters are removed before any service sees the text.
 */
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 4 });
  http = ctx.app.getHttpServer();
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
});
afterAll(() => ctx?.close());

const NUL = '\u0000';

function expectRefused(response: request.Response, field: string): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  expect(response.body.errors).toEqual([{ field, message: `${field} contiene caracteres de control no permitidos` }]);
}

describe('control characters are refused at the edge with 400', () => {
  it.each([
    ['/home?search=a%00b', 'search'],
    ['/home/professionals?search=a%00b&page=1', 'search'],
    ['/home/professionals?professions=plo%00mero&page=1', 'professions'],
    ['/home/professionals?professions=plomero&professions=gas%07ista&page=1', 'professions[1]'],
    ['/home/professionals?sort=rat%1Bing&page=1', 'sort'],
    ['/home/reviews?professionalId=1%00', 'professionalId'],
  ])('GET %s names %s', async (path, field) => {
    expectRefused(await request(http).get(path), field);
  });

  it('in a route parameter', async () => {
    const response = await request(http).get('/home/professionals/1%00');
    expectRefused(response, 'path');
  });

  it('in the login, the password reset and the registration', async () => {
    const anonymous = await browser(http);
    expectRefused(await anonymous.post('/home/user/login', { email: `ana${NUL}@test.local`, password: 'x', google: false }), 'email');
    expectRefused(
      await anonymous.post('/home/user/login', { email: 'ana@test.local', password: `clave${NUL}`, google: false }),
      'password',
    );
    expectRefused(await anonymous.post('/home/user/password/forgot', { email: `ana${NUL}@test.local` }), 'email');
    expectRefused(await anonymous.post('/home/user/password/reset', { token: `abc${NUL}`, password: 'clave-segura-1' }), 'token');
    const registration = await anonymous.post('/home/user/register', {
      firstName: `Ana${NUL}`,
      lastName: 'Gómez',
      email: 'nul@test.local',
      password: 'clave-segura-1',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      isClient: true,
    });
    expectRefused(registration, 'firstName');
    expect((await recordsOf(ctx).users({ email: 'nul@test.local' })).length).toBe(0);
  });

  it('in the profile update, nested fields and arrays, naming the path', async () => {
    const { client, id } = await registerAccount(http, 'profile@hygiene.test');
    expectRefused(await client.put(`/api/clients/${id}`, { address: `Calle${NUL}9` }), 'address');
    expectRefused(await client.put(`/api/clients/${id}`, { extra: { notes: ['ok', `mal\u0008`] } }), 'extra.notes[1]');
    // A control character in a key is refused as well.
    expectRefused(await client.put(`/api/clients/${id}`, { [`addr${NUL}ess`]: 'Calle 9' }), 'body');
    const me = await client.get(`/api/clients/${id}`);
    expect(me.body.address).toBe('Calle 1');
  });

  it('keeps tabs and line breaks, which real text has', async () => {
    const { client, id } = await registerAccount(http, 'lines@hygiene.test');
    const response = await client.put(`/api/clients/${id}`, { address: 'Calle 9\n\tDepto B\r\n' });
    expect(response.status).toBe(200);
  });
});

describe('invisible direction overrides and zero-width characters are removed at the edge', () => {
  it('from names at registration and in profile updates', async () => {
    const anonymous = await browser(http);
    const registration = await anonymous.post('/home/user/register', {
      firstName: 'A\u202Ena\u200B',
      lastName: 'Gó\u2066mez\u200F',
      email: 'bidi@hygiene.test',
      password: 'clave-segura-1',
      phoneNumber: '1155556666',
      address: 'Calle\u200D 1',
      isClient: true,
    });
    expect(registration.status).toBe(201);
    expect(registration.body.dataValues).toMatchObject({ firstName: 'Ana', lastName: 'Gómez', address: 'Calle 1' });
    const id = registration.body.dataValues.id as number;
    const update = await anonymous.put(`/api/clients/${id}`, { address: 'Av.\u202A Siempre\u202C Viva' });
    expect(update.body.address).toBe('Av. Siempre Viva');
    const { firstName, lastName, address } = await recordsOf(ctx).user(id);
    expect({ firstName, lastName, address }).toEqual({ firstName: 'Ana', lastName: 'Gómez', address: 'Av. Siempre Viva' });
  });

  it('from review comments', async () => {
    const { client } = await registerAccount(http, 'review@hygiene.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, [pros[0]]);
    await payOrder(http, ctx.db.dataSource, client, order.id);
    await completeOrder(ctx, order.id);
    const review = await client.post('/api/reviews', { professionalId: pros[0].id, rating: 5, comment: 'Muy\u202E bueno\u200B' });
    expect(review.status).toBe(201);
    const stored = (await recordsOf(ctx).reviews({ professionalId: pros[0].id })).at(-1)!;
    expect(stored.comment).toBe('Muy bueno');
  });

  it('but never from passwords: they are compared as typed', async () => {
    const anonymous = await browser(http);
    const password = 'clave\u200Bsegura-1';
    const registration = await anonymous.post('/home/user/register', {
      firstName: 'Zero',
      lastName: 'Width',
      email: 'zw@hygiene.test',
      password,
      phoneNumber: '1155556666',
      address: 'Calle 1',
      isClient: true,
    });
    expect(registration.status).toBe(201);
    expect((await (await browser(http)).post('/home/user/login', { email: 'zw@hygiene.test', password, google: false })).status).toBe(200);
    expect(
      (await (await browser(http)).post('/home/user/login', { email: 'zw@hygiene.test', password: 'clavesegura-1', google: false })).status,
    ).toBe(401);
  });
});
