import request from 'supertest';
import type { App } from 'supertest/types';
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
