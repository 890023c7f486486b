import argon2 from '@node-rs/argon2';
import Redis from 'ioredis';
import request from 'supertest';
import type { App } from 'supertest/types';
import { setCookie } from './support/cookies';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

const PASSWORD = 'clave-segura-1';
let counter = 0;
const nextEmail = (prefix: string) => `${prefix}${(counter += 1)}@throttle.test`;

/** Forgets every login counter of an app, so each test starts with a clean allowance for 127.0.0.1. */
async function resetThrottles(ctx: TestContext): Promise<void> {
  const redis = new Redis(ctx.config.redisUrl);
  try {
    const keys = await redis.keys(`${ctx.config.redisPrefix}:rate:login:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** A login from `client`, optionally claiming to be forwarded for another address; a sign-in brings a new anti-forgery token. */
async function login(client: BrowserClient, email: string, password: string, forwardedFor?: string) {
  let test = client.agent.post('/home/user/login').set('X-XSRF-TOKEN', client.xsrf!);
  if (forwardedFor) test = test.set('X-Forwarded-For', forwardedFor);
  const response = await test.send({ email, password, google: false });
  client.xsrf = setCookie(response, 'XSRF-TOKEN') ?? client.xsrf;
  return response;
}

const statuses = (responses: { status: number }[]) => responses.map((response) => response.status);
const count = (list: number[], status: number) => list.filter((value) => value === status).length;

describe('login throttling, without a trusted proxy (the default)', () => {
  let ctx: TestContext;
  let http: App;
  beforeAll(async () => {
    ctx = await startTestApp({ professionals: 1 });
    http = ctx.app.getHttpServer();
  });
  afterAll(() => ctx?.close());
  beforeEach(() => resetThrottles(ctx));

  it('30 parallel wrong passwords get at most LOGIN_MAX_FAILURES answers of 401, the rest 429; then the right one is 429 too', async () => {
    const email = nextEmail('victim');
    await registerAccount(http, email);
    const attacker = await browser(http);
    const answers = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(attacker, email, `adivina-${i}`))));
    expect(count(answers, 401)).toBeLessThanOrEqual(ctx.config.login.maxFailures);
    expect(count(answers, 401) + count(answers, 429)).toBe(30);
    const owner = await browser(http);
    const locked = await login(owner, email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Demasiados intentos/);
  });

  it('a right password clears the account failures before the limit', async () => {
    const email = nextEmail('forgetful');
    await registerAccount(http, email);
    const client = await browser(http);
    for (let i = 0; i < ctx.config.login.maxFailures - 1; i += 1) expect((await login(client, email, 'olvidada-1')).status).toBe(401);
    expect((await login(client, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < ctx.config.login.maxFailures - 1; i += 1) expect((await login(client, email, 'olvidada-2')).status).toBe(401);
    expect((await login(client, email, PASSWORD)).status).toBe(200);
  });

  it('ignores X-Forwarded-For: a new forwarded address per guess does not escape the per-address limit', async () => {
    const client = await browser(http);
    const perAddress = ctx.config.login.maxFailures * 10;
    const answers: number[] = [];
    // Each guess on another account (no account limit is reached), each claiming another address.
    for (let i = 0; i <= perAddress; i += 1) answers.push((await login(client, nextEmail('nadie'), 'adivina', `203.0.113.${i}`)).status);
    expect(answers.slice(0, perAddress)).toEqual(Array(perAddress).fill(401));
    expect(answers[perAddress]).toBe(429);
  });
});

describe('login throttling behind a trusted proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  let http: App;
  beforeAll(async () => {
    ctx = await startTestApp({ professionals: 1, env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '2' } });
    http = ctx.app.getHttpServer();
  });
  afterAll(() => ctx?.close());
  beforeEach(() => resetThrottles(ctx));

  it('limits each forwarded address on its own: one locked address does not lock out the others', async () => {
    const client = await browser(http);
    const perAddress = ctx.config.login.maxFailures * 10;
    const fromAttacker: number[] = [];
    for (let i = 0; i <= perAddress; i += 1)
      fromAttacker.push((await login(client, nextEmail('nadie'), 'adivina', '198.51.100.66')).status);
    expect(fromAttacker.slice(0, perAddress)).toEqual(Array(perAddress).fill(401));
    expect(fromAttacker[perAddress]).toBe(429);

    const email = nextEmail('neighbour');
    await registerAccount(http, email);
    expect((await login(client, email, PASSWORD, '198.51.100.67')).status).toBe(200);
  });

  it('limits an account across addresses: guesses from many addresses lock it for all of them', async () => {
    const email = nextEmail('target');
    await registerAccount(http, email);
    const client = await browser(http);
    const guesses = await Promise.all(Array.from({ length: 6 }, (_, i) => login(client, email, `adivina-${i}`, `192.0.2.${i + 1}`)));
    expect(count(statuses(guesses), 401)).toBeLessThanOrEqual(ctx.config.login.maxFailures);
    expect((await login(client, email, PASSWORD, '192.0.2.200')).status).toBe(429);
  });
});

describe('device cookies: a browser that signed in before is not locked out by others’ failures', () => {
  let ctx: TestContext;
  let http: App;
  beforeAll(async () => {
    ctx = await startTestApp({ professionals: 1, env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '2', LOGIN_DEVICE_MAX_FAILURES: '3' } });
    http = ctx.app.getHttpServer();
  });
  afterAll(() => ctx?.close());
  beforeEach(() => resetThrottles(ctx));

  /** Fails sign-ins from `address` against e-mails that have no account until the address is refused (429). */
  async function lockAddress(address: string): Promise<void> {
    const attacker = await browser(http);
    const perAddress = ctx.config.login.maxFailures * 10;
    for (let i = 0; i < perAddress; i += 1) expect((await login(attacker, nextEmail('nadie'), 'adivina', address)).status).toBe(401);
    expect((await login(attacker, nextEmail('nadie'), 'adivina', address)).status).toBe(429);
  }

  /** Fails sign-ins to `email` from an address of the attacker's until the account is refused (429). */
  async function lockAccount(email: string): Promise<void> {
    const attacker = await browser(http);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(attacker, email, `adivina-${i}`, '203.0.113.66')));
    expect(count(statuses(answers), 401)).toBeLessThanOrEqual(ctx.config.login.maxFailures);
    expect((await login(await browser(http), email, PASSWORD, '203.0.113.67')).status).toBe(429);
  }

  /** A sign-in from a browser with no cookies but these (an anti-forgery token is fetched first). */
  async function loginWithCookies(cookies: string[], email: string, password: string, forwardedFor: string) {
    const first = await request(http).get('/health');
    const xsrf = setCookie(first, 'XSRF-TOKEN')!;
    return request(http)
      .post('/home/user/login')
      .set('Cookie', [`XSRF-TOKEN=${encodeURIComponent(xsrf)}`, ...cookies].join('; '))
      .set('X-XSRF-TOKEN', xsrf)
      .set('X-Forwarded-For', forwardedFor)
      .send({ email, password, google: false });
  }

  /** A registered account and a browser of its owner that signed in to it with its password (from another address). */
  async function ownerWithDevice(prefix: string) {
    const email = nextEmail(prefix);
    const { id } = await registerAccount(http, email);
    const owner = await browser(http);
    const signedIn = await login(owner, email, PASSWORD, '192.0.2.10');
    expect(signedIn.status).toBe(200);
    return { email, id, owner, device: setCookie(signedIn, 'oficios_device')! };
  }

  it('a password sign-in gives the browser a signed, httpOnly, long-lived device cookie for the login only', async () => {
    const email = nextEmail('galleta');
    await registerAccount(http, email);
    const signedIn = await login(await browser(http), email, PASSWORD, '192.0.2.11');
    const cookie = ([] as string[]).concat(signedIn.headers['set-cookie']).find((c) => c.startsWith('oficios_device='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/home\/user\/login/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBe(180 * 24 * 3600);
    // The session and anti-forgery cookies as they always were.
    expect(setCookie(signedIn, 'oficios_session')).toBeDefined();
    expect(setCookie(signedIn, 'XSRF-TOKEN')).toBeDefined();
    const failed = await login(await browser(http), email, 'adivina', '192.0.2.11');
    expect(setCookie(failed, 'oficios_device')).toBeUndefined();
  });

  it('an address locked by failures against e-mails that do not exist: a browser that signed in before still signs in, a new one gets 429 with Retry-After', async () => {
    const { email, owner } = await ownerWithDevice('cgnat');
    await lockAddress('198.51.100.20');
    expect((await login(owner, email, PASSWORD, '198.51.100.20')).status).toBe(200);
    const stranger = await login(await browser(http), email, PASSWORD, '198.51.100.20');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/Demasiados intentos/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(ctx.config.login.lockMinutes * 60);
  });

  it('the administrator behind a locked address still signs in from the browser it used before', async () => {
    const admin = await browser(http);
    expect((await login(admin, TEST_ADMIN.email, TEST_ADMIN.password, '192.0.2.12')).status).toBe(200);
    await lockAddress('198.51.100.21');
    const again = await login(admin, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.21');
    expect(again.status).toBe(200);
    expect(again.body.msg).toBe('administrador logeado');
  });

  it('an account locked by an attacker’s failures: its owner’s browser with its device cookie still signs in, anyone else gets 429', async () => {
    const { email, owner } = await ownerWithDevice('asediada');
    await lockAccount(email);
    expect((await login(owner, email, PASSWORD, '192.0.2.13')).status).toBe(200);
    expect((await login(await browser(http), email, PASSWORD, '192.0.2.13')).status).toBe(429);
    // Signed in with a new device cookie each time: it keeps working.
    expect((await login(owner, email, PASSWORD, '192.0.2.14')).status).toBe(200);
  });

  it('a browser keeps device cookies for several accounts', async () => {
    const first = await ownerWithDevice('familia');
    const secondEmail = nextEmail('familia');
    await registerAccount(http, secondEmail);
    expect((await login(first.owner, secondEmail, PASSWORD, '192.0.2.15')).status).toBe(200);
    await Promise.all([lockAccount(first.email), lockAccount(secondEmail)]);
    expect((await login(first.owner, first.email, PASSWORD, '192.0.2.15')).status).toBe(200);
    expect((await login(first.owner, secondEmail, PASSWORD, '192.0.2.15')).status).toBe(200);
  });

  it('a forged or altered device cookie, or one for another account, gives no bypass', async () => {
    const mine = await ownerWithDevice('propia');
    const victim = await ownerWithDevice('ajena');
    await lockAccount(victim.email);
    const [body, signature] = mine.device.split('.');
    const facts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    // My own cookie, made to name the victim's account (its signature kept); one signed with a key of my own; junk.
    const altered = `${Buffer.from(JSON.stringify({ ...facts, accountId: victim.id })).toString('base64url')}.${signature}`;
    const forged = `${Buffer.from(JSON.stringify({ ...facts, accountId: victim.id })).toString('base64url')}.${'A'.repeat(43)}`;
    for (const cookie of [mine.device, altered, forged, 'basura'])
      expect((await loginWithCookies([`oficios_device=${cookie}`], victim.email, PASSWORD, '192.0.2.16')).status).toBe(429);
    // The victim's own, from a browser with nothing else: only the cookie makes the difference.
    expect((await loginWithCookies([`oficios_device=${victim.device}`], victim.email, PASSWORD, '192.0.2.16')).status).toBe(200);
  });

  it('a device cookie that failed LOGIN_DEVICE_MAX_FAILURES times stops bypassing (a stolen laptop), even with the right password', async () => {
    const { email, owner } = await ownerWithDevice('robada');
    await lockAccount(email);
    const guesses = statuses(await Promise.all(Array.from({ length: 10 }, (_, i) => login(owner, email, `adivina-${i}`, '192.0.2.17'))));
    expect(count(guesses, 401)).toBe(3);
    expect(count(guesses, 429)).toBe(7);
    expect((await login(owner, email, PASSWORD, '192.0.2.17')).status).toBe(429);
  });
});

describe('the password check of a sign-in', () => {
  let ctx: TestContext;
  let http: App;
  beforeAll(async () => {
    ctx = await startTestApp({ professionals: 0 });
    http = ctx.app.getHttpServer();
  });
  afterAll(() => ctx?.close());

  it('is made whether or not the e-mail has an account: the time of a 401 tells nothing', async () => {
    const email = nextEmail('conocida');
    await registerAccount(http, email);
    const client = await browser(http);
    const checking = jest.spyOn(argon2, 'verify');
    try {
      expect((await login(client, email, 'adivina')).status).toBe(401);
      expect(checking).toHaveBeenCalledTimes(1);
      expect((await login(client, nextEmail('desconocida'), 'adivina')).status).toBe(401);
      expect(checking).toHaveBeenCalledTimes(2);
      expect(checking).toHaveBeenLastCalledWith(expect.stringMatching(/^\$argon2id\$/), 'adivina');
    } finally {
      checking.mockRestore();
    }
  });
});
