import { DEMO_GOOGLE_DOMAIN } from '../src/config/demo';
import { STAND_IN_DOMAIN_ONLY } from '../src/modules/identity/google/dev-google.controller';
import { GOOGLE_REFUSED } from '../src/modules/identity/google/google-accounts.service';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { browser } from './support/http-client';
import { newClientRegistration } from './support/registration';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

const newClient = newClientRegistration;

describe('Google sign-in through the local stand-in', () => {
  /** The popup's round trip up to the stand-in's consent form, as it answers the account typed there. */
  async function consent(client: Awaited<ReturnType<typeof browser>>, email: string) {
    const start = await client.get('/home/auth/google?origin=http://localhost:8080');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.pathname).toBe('/dev/google/authorize');
    const page = await client.get(`${authorize.pathname}${authorize.search}`);
    expect(page.text).toContain('Continuar');
    expect(page.text).toContain(`@${DEMO_GOOGLE_DOMAIN}`);
    return client.agent
      .post('/dev/google/authorize')
      .type('form')
      .send({
        redirect_uri: authorize.searchParams.get('redirect_uri'),
        state: authorize.searchParams.get('state'),
        email,
        given_name: 'Gala',
        family_name: 'Gómez',
      });
  }

  async function googleRound(client: Awaited<ReturnType<typeof browser>>, email: string) {
    const consented = await consent(client, email);
    expect(consented.status).toBe(302);
    const callback = new URL(consented.headers.location);
    const done = await client.get(`${callback.pathname}${callback.search}`);
    expect(done.status).toBe(200);
    const json = /postMessage\((\{.*\}), "http:\/\/localhost:8080"\)/.exec(done.text);
    expect(json).not.toBeNull();
    return JSON.parse(json![1].replace(/\\u003c/g, '<'));
  }

  const demoEmail = (name: string) => `${name}@${DEMO_GOOGLE_DOMAIN}`;

  it('asks to register a new Google account, registers it without password and verified, then signs it in directly', async () => {
    const client = await browser(http);
    const first = await googleRound(client, demoEmail('gala'));
    expect(first).toEqual({
      type: 'oficios:google',
      status: 'needs-registration',
      profile: { email: demoEmail('gala'), firstName: 'Gala', lastName: 'Gómez', picture: null },
    });
    const registered = await client.post('/home/user/register', {
      ...newClient(),
      email: demoEmail('gala'),
      password: undefined,
      google: true,
      profileImg: `${ctx.config.publicApiUrl}/avatars/ZZ-10.svg`,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.dataValues).toMatchObject({ google: true, emailVerified: true });

    const other = await browser(http);
    const second = await googleRound(other, demoEmail('gala'));
    // The popup page is HTML, not a JSON answer: its session's image is written absolute all the same.
    expect(second).toMatchObject({
      status: 'signed-in',
      session: {
        msg: 'cliente logeado',
        dataValues: { email: demoEmail('gala'), profileImg: `${ctx.config.publicApiUrl}/avatars/ZZ-10.svg` },
      },
    });
    expect((await other.get('/home/user/me')).body.dataValues.email).toBe(demoEmail('gala'));
  });

  it('serves only addresses of the demo domain, with a clear message on its page', async () => {
    for (const email of ['victima@gmail.com', 'admin@test.local', `x@${DEMO_GOOGLE_DOMAIN}.evil.com`]) {
      const refused = await consent(await browser(http), email);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(STAND_IN_DOMAIN_ONLY);
    }
  });

  it('never links an existing password account, even one of the demo domain', async () => {
    const account = newClient({ email: demoEmail('con-clave') });
    expect((await (await browser(http)).post('/home/user/register', account)).status).toBe(201);
    const client = await browser(http);
    const result = await googleRound(client, account.email);
    expect(result).toEqual({ type: 'oficios:google', status: 'error', message: GOOGLE_REFUSED.standIn });
    expect((await client.get('/home/user/me')).status).toBe(401);
    // Nor through the login route with the identity of the popup.
    expect((await client.post('/home/user/login', { email: account.email, google: true })).status).toBe(401);
    const { authId } = (await recordsOf(ctx).userByEmail(account.email))!;
    expect(authId).toBeNull();
  });

  it('refuses a callback whose state does not match', async () => {
    const client = await browser(http);
    const done = await client.get('/home/auth/google/callback?code=x&state=forged');
    expect(done.text).toContain('"status":"error"');
    expect((await client.get('/home/user/me')).status).toBe(401);
  });
});

describe('Google sign-in when it is not configured', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await startTestApp({ professionals: 1, env: { GOOGLE_STAND_IN: 'false' } });
  });
  afterAll(() => off?.close());

  it('tells the popup it is unavailable and serves no stand-in', async () => {
    const client = await browser(off.app.getHttpServer());
    const start = await client.get('/home/auth/google?origin=http://localhost:3000');
    expect(start.status).toBe(200);
    expect(start.text).toContain('"status":"error"');
    expect((await client.get('/dev/google/authorize?client_id=oficios-local')).status).toBe(404);
  });
});
