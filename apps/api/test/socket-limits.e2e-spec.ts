import { SOCKET_TOO_MANY_CONNECTIONS, SOCKET_UNAUTHORIZED, userRoom, type MessageView } from '@oficios/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import type { App } from 'supertest/types';
import type { AppConfig } from '../src/config/app-config';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import {
  connectSocket,
  socketCredentials,
  startReplica,
  type SocketCredentials,
  type SocketOptions,
  type SocketRefusal,
  type TestSocket,
} from './support/sockets';
import { startTestApp, type TestContext } from './support/test-app';

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** Connects and keeps the socket to close after the test; a refusal resolves as the client saw it. */
async function attempt(url: string, credentials: Partial<SocketCredentials>, options?: SocketOptions): Promise<TestSocket | SocketRefusal> {
  try {
    const socket = await connectSocket(url, credentials, options);
    sockets.push(socket);
    return socket;
  } catch (error) {
    return error as SocketRefusal;
  }
}
const isRefusal = (outcome: TestSocket | SocketRefusal): outcome is SocketRefusal => outcome instanceof Error;
const closed = (socket: TestSocket) =>
  new Promise<string>((resolve) => (socket.socket.connected ? socket.socket.once('disconnect', resolve) : resolve('already closed')));

/**
 * The sockets a user has open in every API process, as the deployment's Redis adapter reports them (asked from a
 * socket.io server of its own, as a worker's).
 */
async function openSocketsOf(config: AppConfig, userId: number): Promise<string[]> {
  const pub = new Redis(config.redisUrl);
  const sub = pub.duplicate();
  const server = new Server({ serveClient: false }).adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}:socket.io` }));
  try {
    // Answered after the adapter's subscriptions: the other processes' answers will be heard.
    await sub.ping();
    return (await server.in(userRoom(userId)).fetchSockets()).map((socket) => socket.id);
  } finally {
    pub.disconnect();
    sub.disconnect();
  }
}

describe('open sockets per user (SOCKETS_PER_USER=3)', () => {
  let ctx: TestContext;
  let http: App;
  let url: string;
  let client: BrowserClient;
  let proId: number;
  let pro: SocketCredentials;
  let conversationId: number;
  let replica: { app: NestFastifyApplication; url: string };

  const post = async (text: string) => {
    const response = await client.post(`/api/conversations/${conversationId}/messages`, { text });
    expect(response.status).toBe(201);
    return response.body as MessageView;
  };

  beforeAll(async () => {
    ctx = await startTestApp({
      professionals: 0,
      env: { SOCKETS_PER_USER: '3', SOCKET_CONNECT_RATE_LIMIT: '1000/60', SOCKET_ADDRESS_CONNECT_RATE_LIMIT: '1000/60' },
    });
    http = ctx.app.getHttpServer();
    url = ctx.config.publicApiUrl;
    ({ client } = await registerAccount(http, 'ana@cap.test'));
    const professional = await registerAccount(http, 'juan@cap.test', 'profesional');
    proId = professional.id;
    pro = await socketCredentials(professional.client, 'juan@cap.test');
    conversationId = (await client.post('/api/conversations', { professionalId: proId })).body.id;
    replica = await startReplica(ctx.config);
  });
  afterAll(async () => {
    await replica?.app.close();
    await ctx?.close();
  });

  it('a socket over the cap closes the user’s oldest, whichever process holds it; the newest hears messages', async () => {
    const first = (await attempt(url, pro)) as TestSocket;
    const second = (await attempt(url, pro)) as TestSocket;
    const third = (await attempt(replica.url, pro)) as TestSocket;
    expect([first, second, third].every((socket) => socket.socket.connected)).toBe(true);

    const fourth = (await attempt(replica.url, pro)) as TestSocket;
    expect(fourth.socket.connected).toBe(true);
    await closed(first);
    const fifth = (await attempt(url, pro)) as TestSocket;
    await closed(second);
    expect([third, fourth, fifth].map((socket) => socket.socket.connected)).toEqual([true, true, true]);
    expect((await openSocketsOf(ctx.config, proId)).sort()).toEqual([third, fourth, fifth].map((socket) => socket.socket.id).sort());

    const posted = await post('¿Sigue en pie el lunes?');
    expect(await fifth.waitFor('message:new', (message) => message.id === posted.id)).toEqual(posted);
    await fourth.waitFor('message:new', (message) => message.id === posted.id);
  });

  it('60 parallel connections from one session: the cap stays open, and those sockets hear messages', async () => {
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(i % 2 === 0 ? url : replica.url, pro)));
    const accepted = outcomes.filter((outcome): outcome is TestSocket => !isRefusal(outcome));
    expect(accepted).toHaveLength(60);
    const open = await eventually(() => {
      const stillOpen = accepted.filter((socket) => socket.socket.connected);
      if (stillOpen.length !== 3) throw new Error(`${stillOpen.length} sockets still open`);
      return stillOpen;
    });
    expect((await openSocketsOf(ctx.config, proId)).sort()).toEqual(open.map((socket) => socket.socket.id).sort());

    const posted = await post('Llego a las 9');
    for (const socket of open) await socket.waitFor('message:new', (message) => message.id === posted.id);
  });

  it('a socket closed for the cap is not reconnected by socket.io-client (the web app’s settings): no tug of war', async () => {
    const oldest = (await attempt(url, pro, { reconnection: true })) as TestSocket;
    for (let i = 0; i < 3; i += 1) expect(isRefusal(await attempt(url, pro, { reconnection: true }))).toBe(false);
    expect(await closed(oldest)).toBe('io server disconnect');
    expect(oldest.socket.active).toBe(false);
  });
});

describe('connection rate (SOCKET_CONNECT_RATE_LIMIT=4/60 per user, SOCKET_ADDRESS_CONNECT_RATE_LIMIT=6/60 per address)', () => {
  let ctx: TestContext;
  let http: App;
  let url: string;
  let accounts = 0;

  /** A new user's socket credentials. */
  const newUser = async (): Promise<SocketCredentials> => {
    accounts += 1;
    const email = `user${accounts}@rate.test`;
    const { client } = await registerAccount(http, email);
    return socketCredentials(client, email);
  };

  beforeAll(async () => {
    ctx = await startTestApp({
      professionals: 0,
      env: { TRUST_PROXY: '1', SOCKET_CONNECT_RATE_LIMIT: '4/60', SOCKET_ADDRESS_CONNECT_RATE_LIMIT: '6/60' },
    });
    http = ctx.app.getHttpServer();
    url = ctx.config.publicApiUrl;
  });
  afterAll(() => ctx?.close());

  it('refuses a user’s handshakes over the rate, from any address, with a connect_error the client reads (and does not retry)', async () => {
    const user = await newUser();
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(url, user, { forwardedFor: `203.0.113.${i + 1}` })));
    expect(outcomes.filter((outcome) => !isRefusal(outcome))).toHaveLength(4);
    const refusals = outcomes.filter(isRefusal);
    expect(refusals).toHaveLength(6);
    for (const refusal of refusals) {
      expect(refusal.message).toBe(SOCKET_TOO_MANY_CONNECTIONS);
      expect(refusal.data?.message).toMatch(/^Demasiadas conexiones/);
      expect(refusal.data?.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refusal.data?.retryAfter).toBeLessThanOrEqual(60);
    }
    const again = (await attempt(url, user, { forwardedFor: '203.0.113.99', reconnection: true })) as SocketRefusal;
    expect(again.message).toBe(SOCKET_TOO_MANY_CONNECTIONS);
    expect(again.willRetry).toBe(false);
  });

  it('refuses an address’s handshakes over its rate, whoever signs in; another address still connects', async () => {
    const users = [await newUser(), await newUser(), await newUser(), await newUser()];
    const outcomes = await Promise.all(
      users.flatMap((user) => [user, user]).map((user) => attempt(url, user, { forwardedFor: '198.51.100.7' })),
    );
    expect(outcomes.filter((outcome) => !isRefusal(outcome))).toHaveLength(6);
    expect(outcomes.filter(isRefusal).map((refusal) => refusal.message)).toEqual([
      SOCKET_TOO_MANY_CONNECTIONS,
      SOCKET_TOO_MANY_CONNECTIONS,
    ]);
    expect(isRefusal(await attempt(url, users[3], { forwardedFor: '198.51.100.8' }))).toBe(false);
  });

  it('counts handshakes without a session against the address too: a flood of them is refused before any session is read', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i += 1) outcomes.push(((await attempt(url, {}, { forwardedFor: '192.0.2.50' })) as SocketRefusal).message);
    expect(outcomes).toEqual([...Array(6).fill(SOCKET_UNAUTHORIZED), SOCKET_TOO_MANY_CONNECTIONS]);
  });
});
