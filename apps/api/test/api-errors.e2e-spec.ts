import { API_ERROR_CODES, REGISTRATION_MESSAGES as M, REVIEW_MESSAGES } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { browser } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp();
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

/** The one 4xx shape: status, its name, a known code and a single Spanish message. */
function expectRefusal(response: request.Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ statusCode: status, error: expect.any(String), code, message: expect.any(String) });
  expect(API_ERROR_CODES as readonly string[]).toContain(response.body.code);
}

describe('one error shape with a stable code', () => {
  it('names every field of a refused registration before any service runs', async () => {
    const client = await browser(http);
    const response = await client.send('post', '/home/user/register', { isClient: true, email: 'no-es-correo', password: 'corta' });
    expectRefusal(response, 400, 'validation_failed');
    expect(response.body.errors).toHaveLength(6);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: M.emailFormat },
        { field: 'password', message: M.passwordLength },
        { field: 'firstName', message: M.firstName },
        { field: 'lastName', message: M.lastName },
        { field: 'phoneNumber', message: M.phoneNumber },
        { field: 'address', message: M.address },
      ]),
    );
    expect(response.body.message).toBe(response.body.errors.map((e: { message: string }) => e.message).join('; '));
  });

  it('refuses a body that is not an object, and malformed JSON, with the same shape', async () => {
    const client = await browser(http);
    const array = await client.send('post', '/home/user/login', [1, 2]);
    expectRefusal(array, 400, 'validation_failed');
    expect(array.body.errors).toEqual([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    const broken = await client.agent
      .post('/home/user/login')
      .set('X-XSRF-TOKEN', client.xsrf!)
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expectRefusal(broken, 400, 'bad_request');
  });

  it('codes the refusals of access, identity, catalogue and reviews', async () => {
    expectRefusal(await request(http).get('/no/such/route'), 404, 'not_found');
    expectRefusal(await request(http).get('/home/user/me'), 401, 'sign_in_required');
    expectRefusal(await request(http).get('/home/professionals/999999'), 404, 'not_found');
    const badId = await request(http).get('/home/professionals/abc');
    expectRefusal(badId, 400, 'validation_failed');
    expect(badId.body.errors).toEqual([{ field: 'id', message: 'id debe ser un entero positivo' }]);
    const badQuery = await request(http).get('/home/professionals?page=0&sort=price');
    expect(badQuery.body.errors.map((e: { field: string }) => e.field)).toEqual(['page', 'sort']);

    const client = await browser(http);
    expectRefusal(await client.send('post', '/api/reviews', { professionalId: 1, rating: 3, comment: 'Bien' }), 401, 'sign_in_required');
    expectRefusal(
      await client.send('post', '/home/user/login', { email: 'nadie@test.local', password: 'x'.repeat(10) }),
      401,
      'wrong_credentials',
    );
    expectRefusal(await client.agent.post('/home/user/login').send({ email: 'a@b.co', password: 'x' }), 403, 'xsrf_refused');

    await client.send('post', '/home/user/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const existing = (await request(http).get('/home/professions')).body[0].name as string;
    const twin = await client.send('post', '/home/professions', { name: `  ${existing.toUpperCase()} ` });
    expectRefusal(twin, 409, 'profession_exists');
    expect(twin.body.errors).toEqual([{ field: 'name', message: `La profesion ${existing} ya existe` }]);
    expectRefusal(await client.send('post', '/api/reviews', { professionalId: 1, rating: 9, comment: '' }), 403, 'not_allowed');
  });

  it('refuses a review with per-field messages from the shared schema', async () => {
    const client = await browser(http);
    const registered = await client.send('post', '/home/user/register', {
      firstName: 'Rita',
      lastName: 'Paz',
      email: 'rita@test.local',
      password: 'secreto-123',
      phoneNumber: '1144445555',
      address: 'Calle 1',
      isClient: true,
    });
    expect(registered.status).toBe(201);
    const refused = await client.send('post', '/api/reviews', { professionalId: 'x', rating: 9, comment: '<b></b>' });
    expectRefusal(refused, 400, 'validation_failed');
    expect(refused.body.errors).toEqual([
      { field: 'professionalId', message: 'professionalId debe ser un entero positivo' },
      { field: 'rating', message: REVIEW_MESSAGES.rating },
      { field: 'comment', message: REVIEW_MESSAGES.commentRequired },
    ]);
  });
});

describe('/docs is generated from the schemas', () => {
  it('documents the registration body with its fields and the listing query with its parameters', async () => {
    const document = (await request(http).get('/docs-json')).body;
    const register = document.paths['/home/user/register'].post.requestBody.content['application/json'].schema;
    const schema = register.$ref ? document.components.schemas[register.$ref.split('/').pop()] : register;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['firstName', 'email', 'password', 'isProfessional', 'professions']),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber', 'address']));
    const listing = document.paths['/home/professionals'].get.parameters.map((p: { name: string }) => p.name);
    expect(listing).toEqual(expect.arrayContaining(['page', 'pageSize', 'professions', 'rating', 'sort', 'order', 'search']));
  });
});
