import type { App } from 'supertest/types';
import { RESET_REQUESTED } from '../src/modules/identity/password-reset.service';
import { recordsOf } from './factories';
import { drained } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount } from './support/http-client';
import { startSmtpTrap, type SmtpTrap } from './support/smtp-trap';
import { startTestApp, type TestContext } from './support/test-app';

let trap: SmtpTrap;
let ctx: TestContext;
let http: App;

beforeAll(async () => {
  trap = await startSmtpTrap();
  ctx = await startTestApp({ professionals: 1, env: { SMTP_URL: trap.url } });
  http = ctx.app.getHttpServer();
});
afterAll(async () => {
  await ctx?.close();
  await trap?.close();
});

let counter = 0;
const nextEmail = (prefix: string) => `${prefix}${(counter += 1)}@reset.test`;
const resetMails = (email: string) => trap.messages.filter((m) => m.to === email && m.text.includes('/reset-password?token='));

/** A client whose registration mail (the verification link) went out already, so only the reset mail is to come. */
async function accountWithMailSettled(email: string) {
  const account = await registerAccount(http, email);
  await eventually(() => trap.messages.some((m) => m.to === email));
  return account;
}

function tokenOf(text: string): string {
  return /\/reset-password\?token=([\w-]+)/.exec(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];
}

async function pendingResetRequests(): Promise<string[]> {
  const rows = await recordsOf(ctx).outboxEvents('PasswordResetRequested');
  return rows.map((row) => row.payload.email as string);
}

describe('POST /home/user/password/forgot', () => {
  it('answers 202 at once while the mail server does not answer; the mail arrives once it does', async () => {
    const email = nextEmail('lenta');
    await accountWithMailSettled(email);
    trap.hold();
    try {
      const asked = await (await browser(http)).post('/home/user/password/forgot', { email });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: RESET_REQUESTED });
      // The mail is still on its way (a job is waiting for the server): the answer did not wait for it.
      await trap.waitForHeld();
      expect(resetMails(email)).toEqual([]);
    } finally {
      trap.release();
    }
    const [mail] = await eventually(() => {
      const mails = resetMails(email);
      if (mails.length === 0) throw new Error('no reset mail yet');
      return mails;
    });
    expect(mail.subject).toBe('Oficios: elige una nueva contraseña');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
  });

  it('answers and records the same for an unknown e-mail as for an account, and mails only the account', async () => {
    const known = nextEmail('conocida');
    await accountWithMailSettled(known);
    const unknown = nextEmail('desconocida');
    const client = await browser(http);
    const answers = [];
    for (const email of [known, unknown]) {
      const asked = await client.post('/home/user/password/forgot', { email });
      answers.push({ status: asked.status, body: asked.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    // The request only records what was asked; looking the address up is the job's business.
    expect((await pendingResetRequests()).slice(-2)).toEqual([known, unknown]);
    await drained(ctx.app, ctx.db.dataSource);
    await eventually(() => resetMails(known).length === 1);
    expect(trap.messages.filter((m) => m.to === unknown)).toEqual([]);
  });
});

describe('a password reset ends every session of the account', () => {
  it('signs out every browser of the user, copies of their cookies included', async () => {
    const email = nextEmail('robada');
    const { client: first } = await accountWithMailSettled(email);
    const second = await browser(http);
    await second.login(email, 'clave-segura-1');
    expect((await first.get('/home/user/me')).status).toBe(200);
    expect((await second.get('/home/user/me')).status).toBe(200);

    const stranger = await browser(http);
    await stranger.post('/home/user/password/forgot', { email });
    const [mail] = await eventually(() => {
      const mails = resetMails(email);
      if (mails.length === 0) throw new Error('no reset mail yet');
      return mails;
    });
    expect((await stranger.post('/home/user/password/reset', { token: tokenOf(mail.text), password: 'nueva-clave-9' })).status).toBe(200);

    expect((await first.get('/home/user/me')).status).toBe(401);
    expect((await second.get('/home/user/me')).status).toBe(401);
    // The new password works, and the mailed link proved the e-mail.
    const again = await browser(http);
    expect((await again.login(email, 'nueva-clave-9')).body.dataValues.emailVerified).toBe(true);
  });
});
