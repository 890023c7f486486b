import request from 'supertest';
import type { App } from 'supertest/types';
import { CREDENTIAL_MESSAGES } from '@oficios/domain';
import { googleClient } from './factories';
import { sessionCookie } from './support/cookies';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { mailedToken } from './support/mail-outbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

const PASSWORD = 'clave-segura-1';
let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1, env: { LOGIN_MAX_FAILURES: '3' } });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

let counter = 0;
const nextEmail = (prefix: string) => `${prefix}${(counter += 1)}@perfil.test`;

/** A client signed in twice: `here` (the browser that edits) and `there` (another device), plus a copy of its cookie. */
async function clientOnTwoDevices() {
  const email = nextEmail('ana');
  const { client: here, id } = await registerAccount(http, email);
  const there = await browser(http);
  const copied = sessionCookie(await there.login(email, PASSWORD));
  const copy = () => request(http).get('/home/user/me').set('Cookie', `oficios_session=${copied}`);
  return { email, id, here, there, copy };
}

const status = async (client: BrowserClient) => (await client.get('/home/user/me')).status;

describe('changing the e-mail', () => {
  it('needs the current password: 400 without it, 403 when wrong, both naming currentPassword', async () => {
    const { id, here } = await clientOnTwoDevices();
    const missing = await here.put(`/api/clients/${id}`, { email: nextEmail('nueva') });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.currentPasswordMissing }]);
    const wrong = await here.put(`/api/clients/${id}`, { email: nextEmail('nueva'), currentPassword: 'no-es-esta' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.currentPasswordWrong }]);
    // Other fields need nothing more.
    expect((await here.put(`/api/clients/${id}`, { address: 'Calle Libre 5' })).status).toBe(200);
  });

  it('with it, ends every other session but this one, and the new e-mail must be verified', async () => {
    const { email, id, here, there, copy } = await clientOnTwoDevices();
    const oldLink = await mailedToken(ctx.config.mail.outboxDir, email, '/verify-email');
    const newEmail = nextEmail('cambiada');
    const changed = await here.put(`/api/clients/${id}`, { email: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailVerified: false });

    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(401);
    expect((await copy()).status).toBe(401);
    // The link mailed to the old address proves nothing now; the one mailed to the new address does.
    expect((await here.post('/home/user/email/verify', { token: oldLink })).status).toBe(400);
    const newLink = await mailedToken(ctx.config.mail.outboxDir, newEmail, '/verify-email');
    expect((await here.post('/home/user/email/verify', { token: newLink })).status).toBe(200);
    expect((await here.get('/home/user/me')).body.dataValues).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('is refused to an account without a password (Google) with a clear message', async () => {
    const { id, client: here } = await googleClient(http, `sin-clave${(counter += 1)}`);
    const refused = await here.put(`/api/clients/${id}`, { email: nextEmail('otra'), currentPassword: 'cualquiera' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CREDENTIAL_MESSAGES.noPassword);
    expect(refused.body.message).toMatch(/Google/);
  });

  it("by an administrator takes the administrator's own password, and ends every session of the client", async () => {
    const { id, here } = await clientOnTwoDevices();
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const newEmail = nextEmail('por-admin');
    expect((await admin.put(`/api/clients/${id}`, { email: newEmail, currentPassword: PASSWORD })).status).toBe(403);
    expect((await admin.put(`/api/clients/${id}`, { email: newEmail, currentPassword: TEST_ADMIN.password })).status).toBe(200);
    expect(await status(here)).toBe(401);
    expect(await status(admin)).toBe(200);
    // Nobody sets a password for someone else.
    const password = await admin.put(`/api/clients/${id}`, { password: 'puesta-por-otro', currentPassword: TEST_ADMIN.password });
    expect(password.status).toBe(403);
  });
});

describe('changing the password', () => {
  it('needs the current one, ends every other session but this one, and the new one signs in', async () => {
    const { email, id, here, there, copy } = await clientOnTwoDevices();
    expect((await here.put(`/api/clients/${id}`, { password: 'nueva-clave-1' })).status).toBe(400);
    const short = await here.put(`/api/clients/${id}`, { password: 'corta', currentPassword: PASSWORD });
    expect(short.body.errors[0].field).toBe('password');
    expect((await here.put(`/api/clients/${id}`, { password: 'nueva-clave-1', currentPassword: PASSWORD })).status).toBe(200);
    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(401);
    expect((await copy()).status).toBe(401);
    expect((await (await browser(http)).post('/home/user/login', { email, password: PASSWORD, google: false })).status).toBe(401);
    await (await browser(http)).login(email, 'nueva-clave-1');
  });

  it('counts wrong current passwords as failed logins: the account locks', async () => {
    const { email, id, here } = await clientOnTwoDevices();
    const guesses = [];
    for (let i = 0; i < ctx.config.login.maxFailures + 1; i += 1)
      guesses.push((await here.put(`/api/clients/${id}`, { password: 'nueva-clave-2', currentPassword: `adivina-${i}` })).status);
    expect(guesses).toEqual([...Array(ctx.config.login.maxFailures).fill(403), 429]);
    expect((await (await browser(http)).post('/home/user/login', { email, password: PASSWORD, google: false })).status).toBe(429);
  });
});
