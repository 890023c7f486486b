import request from 'supertest';
import type { App } from 'supertest/types';
import { directWrites } from './factories';
import { sessionCookie } from './support/cookies';
import { browser, registerAccount } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

let counter = 0;
const nextEmail = (prefix: string) => `${prefix}${(counter += 1)}@sessions.test`;

/** An unsafe request as the browser holding `session`, with an anti-forgery pair chosen by the test. */
function putAddress(id: number, session: string, xsrf: string) {
  return request(http)
    .put(`/api/clients/${id}`)
    .set('Cookie', [`oficios_session=${session}`, `XSRF-TOKEN=${encodeURIComponent(xsrf)}`])
    .set('X-XSRF-TOKEN', xsrf)
    .send({ address: 'Calle Atacante 1' });
}

describe('the anti-forgery token is bound to the session', () => {
  it('refuses, on a signed-in session, a cookie/header pair issued to another browser (signed out or signed in)', async () => {
    const victim = await browser(http);
    const signedIn = await victim.post('/home/user/register', {
      firstName: 'Vera',
      lastName: 'Vidal',
      email: nextEmail('victim'),
      password: 'clave-segura-1',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      isClient: true,
    });
    const id = signedIn.body.dataValues.id as number;
    const session = sessionCookie(signedIn);

    const stranger = await browser(http);
    const other = await registerAccount(http, nextEmail('other'));
    for (const foreign of [stranger.xsrf!, other.client.xsrf!]) {
      const refused = await putAddress(id, session, foreign);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/X-XSRF-TOKEN/);
    }
    // The victim's own pair passes: the refusal above is the binding, not the request.
    expect((await putAddress(id, session, victim.xsrf!)).status).toBe(200);
  });

  it('refuses the pair the browser had before signing in; the login answer brings a new one that works', async () => {
    const email = nextEmail('login');
    const { id } = await registerAccount(http, email);
    const client = await browser(http);
    const before = client.xsrf!;
    const login = await client.login(email, 'clave-segura-1');
    expect(client.xsrf).not.toBe(before);
    const session = sessionCookie(login);
    expect((await putAddress(id, session, before)).status).toBe(403);
    expect((await putAddress(id, session, client.xsrf!)).status).toBe(200);
    // The browser itself, echoing whatever cookie it holds now, keeps working.
    expect((await client.put(`/api/clients/${id}`, { address: 'Calle 2' })).status).toBe(200);
  });

  it("checks Bull Board's unsafe requests too: an administrator without the header is refused", async () => {
    const admin = await browser(http);
    const session = sessionCookie(await admin.login(TEST_ADMIN.email, TEST_ADMIN.password));
    const retry = '/admin/queues/api/queues/notifications/retry/failed';
    const withoutHeader = await admin.agent.put(retry);
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body.message).toMatch(/X-XSRF-TOKEN/);
    const anonymousPair = (await browser(http)).xsrf!;
    const foreignPair = await request(http)
      .put(retry)
      .set('Cookie', [`oficios_session=${session}`, `XSRF-TOKEN=${encodeURIComponent(anonymousPair)}`])
      .set('X-XSRF-TOKEN', anonymousPair);
    expect(foreignPair.status).toBe(403);
    const withHeader = await admin.put(retry);
    expect(withHeader.status).toBe(200);
  });
});

describe('sessions can be revoked', () => {
  it('a copy of the session cookie stops working after logout', async () => {
    const email = nextEmail('copied');
    const { client } = await registerAccount(http, email);
    const session = sessionCookie(await client.login(email, 'clave-segura-1'));
    const copy = () => request(http).get('/home/user/me').set('Cookie', `oficios_session=${session}`);
    expect((await copy()).status).toBe(200);
    expect((await client.post('/home/user/logout')).status).toBe(204);
    expect((await copy()).status).toBe(401);
  });

  it('"Cerrar sesión en todos los dispositivos" ends every session of the user, this one included', async () => {
    const email = nextEmail('everywhere');
    const { client: here } = await registerAccount(http, email);
    const there = await browser(http);
    const copied = sessionCookie(await there.login(email, 'clave-segura-1'));
    const bystander = await registerAccount(http, nextEmail('bystander'));

    const ended = await here.post('/home/user/logout/all');
    expect(ended.status).toBe(204);
    // The answer clears this browser's cookie and gives it a signed-out anti-forgery token, as a logout does.
    expect(([] as string[]).concat(ended.headers['set-cookie'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^oficios_session=;/), expect.stringMatching(/^XSRF-TOKEN=/)]),
    );
    expect((await here.get('/home/user/me')).status).toBe(401);
    expect((await there.get('/home/user/me')).status).toBe(401);
    expect((await request(http).get('/home/user/me').set('Cookie', `oficios_session=${copied}`)).status).toBe(401);
    // Other users keep theirs, and the browser can sign in again and work.
    expect((await bystander.client.get('/home/user/me')).status).toBe(200);
    await here.login(email, 'clave-segura-1');
    expect((await here.post('/api/notifications/read')).status).toBe(204);
  });

  it('works for every kind of user and needs a session', async () => {
    const professional = nextEmail('pro');
    const { client: pro } = await registerAccount(http, professional, 'profesional');
    expect((await pro.post('/home/user/logout/all')).status).toBe(204);
    expect((await pro.get('/home/user/me')).status).toBe(401);
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.post('/home/user/logout/all')).status).toBe(204);
    expect((await admin.get('/admin/queues/api/queues')).status).toBe(401);
    expect((await (await browser(http)).post('/home/user/logout/all')).status).toBe(401);
  });

  it("a change of the user's type ends every session of that user", async () => {
    const email = nextEmail('promoted');
    const { client, id } = await registerAccount(http, email);
    expect((await client.get('/home/user/me')).body.dataValues.type).toBe('cliente');
    // No route changes a type: whichever statement does (an operator's SQL included), the database ends the sessions.
    await directWrites(ctx.db.dataSource).updateUser(id, { type: 'profesional' });
    expect((await client.get('/home/user/me')).status).toBe(401);
    const again = await browser(http);
    expect((await again.login(email, 'clave-segura-1')).body.dataValues.type).toBe('profesional');
    // Other changes of the row leave the sessions alone.
    await directWrites(ctx.db.dataSource).updateUser(id, { address: 'Otra 1' });
    expect((await again.get('/home/user/me')).status).toBe(200);
  });
});
