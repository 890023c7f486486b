import Redis from 'ioredis';
import type { App } from 'supertest/types';
import { setCookie } from './support/cookies';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

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
