import argon2 from '@node-rs/argon2';
import type { App } from 'supertest/types';
import { drained } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, type BrowserClient } from './support/http-client';
import { newClientRegistration } from './support/registration';
import { startSmtpTrap, type SmtpTrap } from './support/smtp-trap';
import { startTestApp, type TestContext } from './support/test-app';

const ATTEMPT_SUBJECT = 'Oficios: alguien intentó crear una cuenta con tu correo';

let trap: SmtpTrap;
let ctx: TestContext;
let http: App;
let addresses = 0;
/** Another address behind the trusted proxy, for a request that must not share one's allowance. */
const nextAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

beforeAll(async () => {
  trap = await startSmtpTrap();
  // Two attempts per e-mail (so twenty per address) in the window.
  ctx = await startTestApp({ professionals: 0, env: { TRUST_PROXY: '1', REGISTER_MAX_ATTEMPTS: '2', SMTP_URL: trap.url } });
  http = ctx.app.getHttpServer();
});
afterAll(async () => {
  await ctx?.close();
  await trap?.close();
});

async function register(client: BrowserClient, payload: Record<string, unknown>, address: string) {
  return client.post('/home/user/register', payload, { 'X-Forwarded-For': address });
}

/** A new account (from an address of its own), its mails at registration settled. */
async function existingAccount(): Promise<{ email: string; firstName: string }> {
  const payload = newClientRegistration();
  expect((await register(await browser(http), payload, nextAddress())).status).toBe(201);
  return { email: payload.email, firstName: payload.firstName };
}

const attemptMails = (email: string) =>
  trap.messages.filter((mail) => mail.to === email && mail.subject === ATTEMPT_SUBJECT).map((mail) => mail.text);

describe('registration with an e-mail that has an account', () => {
  it('still answers 409 under the e-mail (the form shows it), and mails the owner that nothing changed, with the way to a new password', async () => {
    const { email, firstName } = await existingAccount();
    const again = await register(await browser(http), newClientRegistration({ email, password: 'otra-clave-9' }), nextAddress());
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'email', message: 'Ya existe una cuenta con ese correo' }]);
    const [mail] = await eventually(() => {
      const mails = attemptMails(email);
      if (mails.length === 0) throw new Error(`no mail about the attempt to ${email} yet`);
      return mails;
    });
    expect(mail).toContain(`Hola ${firstName}:`);
    expect(mail).toMatch(/Alguien intentó crear una cuenta/);
    expect(mail).toMatch(/no cambió nada/);
    expect(mail).toContain('http://localhost:3000/login');
    expect(mail).toMatch(/¿Olvidaste tu contraseña\?/);
    // The account is as it was: its password still signs in.
    expect((await (await browser(http)).post('/home/user/login', { email, password: 'secreto-123', google: false })).status).toBe(200);
  });

  it('mails the owner at most once per window, however many attempts come', async () => {
    const { email } = await existingAccount();
    for (const address of [nextAddress(), nextAddress()])
      expect((await register(await browser(http), newClientRegistration({ email }), address)).status).toBe(409);
    await drained(ctx.app, ctx.db.dataSource);
    expect(attemptMails(email)).toHaveLength(1);
  });

  it('does the same work whether or not the e-mail has an account: the password is hashed either way', async () => {
    const { email } = await existingAccount();
    const hashing = jest.spyOn(argon2, 'hash');
    try {
      await register(await browser(http), newClientRegistration(), nextAddress());
      expect(hashing).toHaveBeenCalledTimes(1);
      await register(await browser(http), newClientRegistration({ email, password: 'adivinanza-1' }), nextAddress());
      expect(hashing).toHaveBeenCalledTimes(2);
      expect(hashing).toHaveBeenLastCalledWith('adivinanza-1');
    } finally {
      hashing.mockRestore();
    }
  });
});

describe('registration throttling (REGISTER_MAX_ATTEMPTS=2)', () => {
  it('per e-mail: past the limit the e-mail is refused with 429 and Retry-After, from any address', async () => {
    const { email } = await existingAccount();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await register(await browser(http), newClientRegistration({ email }), nextAddress()));
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 429]);
    expect(answers[2].body).toMatchObject({ code: 'too_many_attempts', message: expect.stringMatching(/^Demasiados intentos/) });
    expect(Number(answers[2].headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(answers[2].headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  });

  it('per address: past ten times that, every registration from the address is refused, a new e-mail’s too; other addresses go on', async () => {
    const taken = [];
    for (let i = 0; i < 20; i += 1) taken.push((await existingAccount()).email);
    const attacker = await browser(http);
    const address = nextAddress();
    const answers = [];
    for (const email of taken) answers.push((await register(attacker, newClientRegistration({ email }), address)).status);
    expect(answers).toEqual(Array(20).fill(409));
    const refused = await register(await browser(http), newClientRegistration(), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(await browser(http), newClientRegistration(), nextAddress())).status).toBe(201);
  });

  it('a registration that creates the account gives its address back the try: a family or an office keeps signing up', async () => {
    const address = nextAddress();
    for (let i = 0; i < 25; i += 1) expect((await register(await browser(http), newClientRegistration(), address)).status).toBe(201);
  });
});
