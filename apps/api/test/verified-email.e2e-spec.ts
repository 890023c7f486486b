import type { App } from 'supertest/types';
import { GOOGLE_REFUSED } from '../src/modules/identity/google/google-accounts.service';
import { EMAIL_ALREADY_VERIFIED, EMAIL_VERIFIED } from '../src/modules/identity/email-verification.service';
import { directWrites, expireMailedLinks, recordsOf } from './factories';
import { startFakeGoogle, type FakeGoogle, type GoogleProfile } from './support/fake-google';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { mailedToken, mailsTo } from './support/mail-outbox';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let google: FakeGoogle;
let ctx: TestContext;
let http: App;

beforeAll(async () => {
  google = await startFakeGoogle();
  // Real Google (a client id), played by the fake provider: the demo stand-in is off.
  ctx = await startTestApp({ professionals: 1, env: google.env });
  http = ctx.app.getHttpServer();
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

let counter = 0;
const nextEmail = (prefix: string) => `${prefix}${(counter += 1)}@gmail.test`;
const verificationToken = (email: string) => mailedToken(ctx.config.mail.outboxDir, email, '/verify-email');

async function verify(client: BrowserClient, email: string): Promise<void> {
  const confirmed = await client.post('/home/user/email/verify', { token: await verificationToken(email) });
  expect(confirmed.status).toBe(200);
}

/** The Google popup's round trip as `profile`: answers what the popup tells the SPA. */
async function googleRound(client: BrowserClient, profile: GoogleProfile) {
  google.nextProfile(profile);
  const start = await client.get('/home/auth/google?origin=http://localhost:3000');
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.location, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const done = await client.get(`${callback.pathname}${callback.search}`);
  const json = /postMessage\((\{.*\}), "http:\/\/localhost:3000"\)/.exec(done.text);
  expect(json).not.toBeNull();
  return JSON.parse(json![1].replace(/\\u003c/g, '<'));
}

const authIdOf = async (email: string): Promise<string | null> => (await recordsOf(ctx).userByEmail(email))!.authId;

describe('e-mail verification', () => {
  it('mails a link at registration that verifies the e-mail once; opened again it says so', async () => {
    const email = nextEmail('nueva');
    const { client } = await registerAccount(http, email);
    expect((await client.get('/home/user/me')).body.dataValues.emailVerified).toBe(false);
    const token = await verificationToken(email);
    expect(mailsTo(ctx.config.mail.outboxDir, email).join()).toContain(`http://localhost:3000/verify-email?token=${token}`);

    const anonymous = await browser(http);
    const first = await anonymous.post('/home/user/email/verify', { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(EMAIL_VERIFIED);
    expect((await client.get('/home/user/me')).body.dataValues.emailVerified).toBe(true);
    const again = await anonymous.post('/home/user/email/verify', { token });
    expect(again.body.message).toBe(EMAIL_ALREADY_VERIFIED);
  });

  it('speaks of the current address: an e-mail changed by any other path (the administrator) is unverified again', async () => {
    const email = nextEmail('cambiada-por-otro');
    const { client, id } = await registerAccount(http, email);
    await verify(client, email);
    await directWrites(ctx.db.dataSource).updateUser(id, { email: nextEmail('otra') });
    expect((await client.get('/home/user/me')).body.dataValues.emailVerified).toBe(false);
  });

  it('refuses unknown, missing and expired links with a message naming the token', async () => {
    const anonymous = await browser(http);
    for (const body of [{ token: 'inventado' }, {}, { token: 42 }]) {
      const refused = await anonymous.post('/home/user/email/verify', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'token', message: 'El enlace no es valido o ya expiro' }]);
    }
    const email = nextEmail('tarde');
    await registerAccount(http, email);
    const token = await verificationToken(email);
    await expireMailedLinks(ctx.db.dataSource, 'email-verification');
    expect((await anonymous.post('/home/user/email/verify', { token })).status).toBe(400);
  });

  it('mails a new link on request to a signed-in user; the newer link replaces the older one', async () => {
    const email = nextEmail('reenvio');
    const { client } = await registerAccount(http, email);
    const first = await verificationToken(email);
    const resent = await client.post('/home/user/email/verification');
    expect(resent.status).toBe(202);
    await eventually(() => mailsTo(ctx.config.mail.outboxDir, email).length === 2);
    const second = await verificationToken(email);
    expect(second).not.toBe(first);
    expect((await client.post('/home/user/email/verify', { token: first })).status).toBe(400);
    expect((await client.post('/home/user/email/verify', { token: second })).status).toBe(200);
  });
});

describe('signing in with real Google', () => {
  it('links an account whose e-mail is verified when Google says email_verified', async () => {
    const email = nextEmail('verificada');
    const { client } = await registerAccount(http, email);
    await verify(client, email);
    const popup = await browser(http);
    const result = await googleRound(popup, { sub: 'google-1', email, email_verified: true });
    expect(result).toMatchObject({ status: 'signed-in', session: { dataValues: { email } } });
    expect((await popup.get('/home/user/me')).body.dataValues.email).toBe(email);
    expect(await authIdOf(email)).toBe('google-1');
  });

  it('does not link an unverified account: the popup says to sign in with the password and verify the e-mail', async () => {
    const email = nextEmail('sin-verificar');
    await registerAccount(http, email);
    const popup = await browser(http);
    const result = await googleRound(popup, { sub: 'google-2', email, email_verified: true });
    expect(result).toEqual({ type: 'oficios:google', status: 'error', message: GOOGLE_REFUSED.unverified });
    expect((await popup.get('/home/user/me')).status).toBe(401);
    expect((await popup.post('/home/user/login', { email, google: true })).status).toBe(401);
    expect(await authIdOf(email)).toBeNull();
  });

  it('does not link when Google did not verify the e-mail', async () => {
    const email = nextEmail('google-sin-verificar');
    const { client } = await registerAccount(http, email);
    await verify(client, email);
    const popup = await browser(http);
    const result = await googleRound(popup, { sub: 'google-3', email, email_verified: false });
    expect(result.status).toBe('error');
    expect((await popup.get('/home/user/me')).status).toBe(401);
    expect(await authIdOf(email)).toBeNull();
  });

  it('keeps an account linked to one Google account: another with the same e-mail does not open it', async () => {
    const email = nextEmail('ya-vinculada');
    const { client } = await registerAccount(http, email);
    await verify(client, email);
    expect((await googleRound(await browser(http), { sub: 'google-4', email, email_verified: true })).status).toBe('signed-in');
    const intruder = await browser(http);
    const result = await googleRound(intruder, { sub: 'google-5', email, email_verified: true });
    expect(result).toEqual({ type: 'oficios:google', status: 'error', message: GOOGLE_REFUSED.otherGoogleAccount });
    expect((await intruder.get('/home/user/me')).status).toBe(401);
  });

  it('never signs an administrator in', async () => {
    const popup = await browser(http);
    const result = await googleRound(popup, { sub: 'google-admin', email: TEST_ADMIN.email, email_verified: true });
    expect(result).toEqual({ type: 'oficios:google', status: 'error', message: GOOGLE_REFUSED.administrator });
    expect((await popup.get('/home/user/me')).status).toBe(401);
  });

  it('registers a new Google account as verified', async () => {
    const email = nextEmail('nueva-google');
    const popup = await browser(http);
    expect((await googleRound(popup, { sub: 'google-6', email, email_verified: true })).status).toBe('needs-registration');
    const registered = await popup.post('/home/user/register', {
      firstName: 'Gala',
      lastName: 'Gómez',
      email,
      phoneNumber: '1155556666',
      address: 'Calle 1',
      google: true,
      isClient: true,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.dataValues.emailVerified).toBe(true);
  });
});
