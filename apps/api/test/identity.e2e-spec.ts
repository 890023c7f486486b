import { REGISTRATION_MESSAGES } from '@oficios/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { expireMailedLinks, recordsOf } from './factories';
import { drained } from './support/checkout';
import { eventually } from './support/eventually';
import { browser } from './support/http-client';
import { newClientRegistration } from './support/registration';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

const newClient = newClientRegistration;

describe('registration', () => {
  it('registers a client with a cart, signs them in and never answers a password hash', async () => {
    const client = await browser(http);
    const payload = newClient();
    const response = await client.post('/home/user/register', payload).then((r) => r);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      msg: 'cliente registrado',
      dataValues: { type: 'cliente', email: payload.email, firstName: 'Eva', cartId: expect.any(Number) },
      cart: { id: response.body.dataValues.cartId },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
    const cookie = ([] as string[]).concat(response.headers['set-cookie']).find((c) => c.startsWith('oficios_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/home/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      msg: 'cliente logeado',
      dataValues: { id: response.body.dataValues.id },
      profile: { shoppingHistory: [] },
    });
    const hash = await recordsOf(ctx).passwordHashOf({ email: payload.email });
    expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('registers a professional with its professions, who then appears in the catalogue', async () => {
    const client = await browser(http);
    const payload = newClient({
      isClient: undefined,
      isProfessional: true,
      professions: ['Plomero', 'técnico pc'],
      aboutMe: 'Arreglo todo',
      dayPrice: 23500,
      availableDays: ['sabado', 'martes'],
    });
    const response = await client.post('/home/user/register', payload);
    expect(response.status).toBe(201);
    expect(response.body.msg).toBe('profesional registrado');
    expect(response.body.cart).toBeNull();
    expect(response.body.dataValues.professions.map((p: { name: string }) => p.name)).toEqual(['plomero', 'técnico PC']);
    const listing = await request(http).get('/home/professionals').query({ search: 'eva nunez', professions: 'plomero' }).expect(200);
    expect(listing.body.items.map((p: { id: number }) => p.id)).toContain(response.body.dataValues.id);
    const detail = await request(http).get(`/home/professionals/${response.body.dataValues.id}`).expect(200);
    // Listed at the price and on the days the professional chose, nothing invented.
    expect(detail.body).toMatchObject({ aboutMe: 'Arreglo todo', dayPrice: 23500, availableDays: ['martes', 'sabado'] });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const payload = newClient();
    await (await browser(http)).post('/home/user/register', payload);
    const again = await (await browser(http)).post('/home/user/register', { ...payload, email: payload.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'email', message: 'Ya existe una cuenta con ese correo' }]);
  });

  it('names every invalid field with the Spanish messages', async () => {
    const response = await (await browser(http)).post('/home/user/register', { isClient: true, email: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: REGISTRATION_MESSAGES.emailFormat },
        { field: 'password', message: 'El password es obligatorio' },
        { field: 'firstName', message: 'El campo nombre es obligatorio' },
        { field: 'lastName', message: 'El campo apellido es obligatorio' },
        { field: 'phoneNumber', message: 'El numero de telefono es obligatorio' },
        { field: 'address', message: 'El campo dirección es obligatorio' },
      ]),
    );
  });

  it('refuses unknown professions, a missing type and a Google registration without Google', async () => {
    const client = await browser(http);
    const unknown = await client.post(
      '/home/user/register',
      newClient({ isClient: undefined, isProfessional: true, professions: ['astronauta'], dayPrice: 9000, availableDays: ['lunes'] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toEqual({ field: 'professions', message: 'Profesion desconocida: astronauta' });
    const noType = await client.post('/home/user/register', newClient({ isClient: undefined }));
    expect(noType.body.errors).toEqual([{ field: 'type', message: REGISTRATION_MESSAGES.type }]);
    const google = await client.post('/home/user/register', newClient({ password: undefined, google: true }));
    expect(google.status).toBe(400);
    expect(google.body.errors[0].field).toBe('google');
  });
});

describe('anti-forgery', () => {
  it('refuses unsafe requests without the matching X-XSRF-TOKEN header', async () => {
    const client = await browser(http);
    const missing = await request(http).post('/home/user/login').send({ email: 'a@b.c', password: 'x' });
    expect(missing.status).toBe(403);
    const wrong = await client.agent.post('/home/user/login').set('X-XSRF-TOKEN', 'not-the-cookie').send({ email: 'a@b.c', password: 'x' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/X-XSRF-TOKEN/);
  });

  it('gives every first visit an anti-forgery cookie readable by the page', async () => {
    // What the SPA asks first on every page (the catalogue's answers set no cookie: housekeeping.e2e).
    const response = await request(http).get('/home/user/me').expect(401);
    const cookie = ([] as string[]).concat(response.headers['set-cookie']).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).not.toMatch(/HttpOnly/i);
  });
});

describe('login and logout', () => {
  const account = newClient();
  beforeAll(async () => {
    await (await browser(http)).post('/home/user/register', account);
  });

  it('answers what the spec client reads: dataValues, msg with the type first, cart.id', async () => {
    const client = await browser(http);
    const response = await client.post('/home/user/login', {
      email: account.email.toUpperCase(),
      password: account.password,
      google: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.msg.split(' ')[0]).toBe('cliente');
    expect(response.body.cart.id).toEqual(expect.any(Number));
    expect(response.body.dataValues.email).toBe(account.email);
  });

  it('signs the administrator in', async () => {
    const client = await browser(http);
    const response = await client.login('admin@test.local', 'admin-test-password');
    expect(response.body).toMatchObject({ msg: 'administrador logeado', cart: null, dataValues: { type: 'administrador' } });
  });

  it('answers 401 with one generic message for a wrong password or an unknown e-mail', async () => {
    const client = await browser(http);
    const wrong = await client.post('/home/user/login', { email: account.email, password: 'nope-nope', google: false });
    const unknown = await client.post('/home/user/login', { email: 'nadie@test.local', password: 'nope-nope', google: false });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('throttles repeated failures, even for the right password afterwards', async () => {
    const victim = newClient();
    await (await browser(http)).post('/home/user/register', victim);
    const client = await browser(http);
    for (let i = 0; i < 3; i += 1) {
      expect((await client.post('/home/user/login', { email: victim.email, password: 'bad-guess', google: false })).status).toBe(401);
    }
    const blocked = await client.post('/home/user/login', { email: victim.email, password: victim.password, google: false });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Demasiados intentos/);
  });

  it('logs out: the session cookie is cleared and /me answers 401', async () => {
    const client = await browser(http);
    await client.login(account.email, account.password);
    expect((await client.get('/home/user/me')).status).toBe(200);
    const out = await client.post('/home/user/logout');
    expect(out.status).toBe(204);
    expect((await client.get('/home/user/me')).status).toBe(401);
  });

  it('refuses a forged session cookie', async () => {
    const forged = await request(http)
      .get('/home/user/me')
      .set('Cookie', 'oficios_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidHlwZSI6ImFkbWluaXN0cmFkb3IifQ.');
    expect(forged.status).toBe(401);
  });
});

describe('password reset', () => {
  /** The newest mail to `email` in the local outbox, once a job has written it. */
  function lastMailTo(email: string): Promise<string> {
    return eventually(() => {
      const dir = ctx.config.mail.outboxDir;
      const files = readdirSync(dir)
        .filter((name) => name.endsWith(`${email}.eml`) && readFileSync(join(dir, name), 'utf8').includes('reset-password'))
        .sort();
      return readFileSync(join(dir, files[files.length - 1]), 'utf8');
    });
  }

  it('mails a single-use link that sets a new password', async () => {
    const account = newClient();
    await (await browser(http)).post('/home/user/register', account);
    const client = await browser(http);
    const asked = await client.post('/home/user/password/forgot', { email: account.email });
    expect(asked.status).toBe(202);
    const mail = (await lastMailTo(account.email)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /reset-password\?token=([\w-]+)/.exec(mail)![1];
    expect(mail).toContain('http://localhost:3000/reset-password?token=');

    const reset = await client.post('/home/user/password/reset', { token, password: 'nueva-clave-1' });
    expect(reset.status).toBe(200);
    await client.login(account.email, 'nueva-clave-1');
    const again = await client.post('/home/user/password/reset', { token, password: 'otra-clave-2' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].field).toBe('token');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const client = await browser(http);
    const asked = await client.post('/home/user/password/forgot', { email: 'nadie-aqui@test.local' });
    expect(asked.status).toBe(202);
    await drained(ctx.app, ctx.db.dataSource);
    const files = readdirSync(ctx.config.mail.outboxDir).filter((name) => name.includes('nadie-aqui'));
    expect(files).toEqual([]);
  });

  it('refuses an expired token and a short password', async () => {
    const account = newClient();
    await (await browser(http)).post('/home/user/register', account);
    const client = await browser(http);
    await client.post('/home/user/password/forgot', { email: account.email });
    const token = /reset-password\?token=([\w-]+)/.exec((await lastMailTo(account.email)).replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];
    const short = await client.post('/home/user/password/reset', { token, password: 'corta' });
    expect(short.body.errors[0]).toEqual({ field: 'password', message: REGISTRATION_MESSAGES.passwordLength });
    await expireMailedLinks(ctx.db.dataSource, 'password-reset');
    const expired = await client.post('/home/user/password/reset', { token, password: 'valida-123' });
    expect(expired.status).toBe(400);
  });
});
