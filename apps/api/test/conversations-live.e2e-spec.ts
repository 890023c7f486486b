import { SOCKET_UNAUTHORIZED, userRoom, type MessageView } from '@oficios/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { App } from 'supertest/types';
import { RealtimeService } from '../src/common/realtime/realtime.service';
import { BrowserClient, registerAccount } from './support/http-client';
import { connectSocket, socketCredentials, startReplica, type SocketCredentials, type TestSocket } from './support/sockets';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let baseUrl: string;
let client: BrowserClient;
let pro: BrowserClient;
let clientId: number;
let proId: number;
let clientCredentials: SocketCredentials;
let proCredentials: SocketCredentials;
let conversationId: number;
const sockets: TestSocket[] = [];

const connect = async (credentials: Partial<SocketCredentials>, url = baseUrl) => {
  const socket = await connectSocket(url, credentials);
  sockets.push(socket);
  return socket;
};
const post = async (text: string) => {
  const response = await client.post(`/api/conversations/${conversationId}/messages`, { text });
  expect(response.status).toBe(201);
  return response.body as MessageView;
};

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0 });
  http = ctx.app.getHttpServer();
  baseUrl = ctx.config.publicApiUrl;
  ({ client, id: clientId } = await registerAccount(http, 'ana@live.test'));
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@live.test', 'profesional'));
  clientCredentials = await socketCredentials(client, 'ana@live.test');
  proCredentials = await socketCredentials(pro, 'juan@live.test');
  conversationId = (await client.post('/api/conversations', { professionalId: proId })).body.id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => ctx?.close());

describe('the handshake', () => {
  it('refuses a socket without a session cookie', async () => {
    await expect(connect({ xsrf: proCredentials.xsrf })).rejects.toThrow(SOCKET_UNAUTHORIZED);
  });

  it('refuses a socket without the XSRF token, or with a wrong one', async () => {
    await expect(connect({ cookie: proCredentials.cookie })).rejects.toThrow(SOCKET_UNAUTHORIZED);
    await expect(connect({ cookie: proCredentials.cookie, xsrf: clientCredentials.xsrf })).rejects.toThrow(SOCKET_UNAUTHORIZED);
  });

  it('refuses a socket whose session was revoked (logged out)', async () => {
    const { client: leaving } = await registerAccount(http, 'sale@live.test');
    const credentials = await socketCredentials(leaving, 'sale@live.test');
    expect((await leaving.post('/home/user/logout')).status).toBeLessThan(300);
    await expect(connect(credentials)).rejects.toThrow(SOCKET_UNAUTHORIZED);
  });

  it('closes the live sockets of a session when it ends (logout), and of every other session on "todos los dispositivos"', async () => {
    const { client: leaving } = await registerAccount(http, 'cierra@live.test');
    const first = await socketCredentials(leaving, 'cierra@live.test');
    const firstSocket = await connect(first);
    const secondBrowser = await registerAccount(http, 'cierra2@live.test');
    // The same user on a second browser, and a bystander whose socket must stay.
    const other = await new BrowserClient(http).init();
    const second = await socketCredentials(other, 'cierra@live.test');
    const secondSocket = await connect(second);
    const bystander = await connect(await socketCredentials(secondBrowser.client, 'cierra2@live.test'));
    const closed = (socket: TestSocket) =>
      new Promise<void>((resolve) => (socket.socket.connected ? socket.socket.once('disconnect', () => resolve()) : resolve()));
    expect((await other.post('/home/user/logout')).status).toBeLessThan(300);
    await closed(secondSocket);
    expect(firstSocket.socket.connected).toBe(true);
    // From the first browser: every session ends, this one too.
    expect((await leaving.post('/home/user/logout/all')).status).toBeLessThan(300);
    await closed(firstSocket);
    expect(bystander.socket.connected).toBe(true);
  });

  it('accepts the session cookie with its XSRF token', async () => {
    const socket = await connect(proCredentials);
    expect(socket.socket.connected).toBe(true);
  });
});

describe('live delivery', () => {
  it('a message posted over HTTP arrives on the recipient’s socket (masked), with its unread total, and on the sender’s other tabs', async () => {
    const recipient = await connect(proCredentials);
    const senderTab = await connect(clientCredentials);
    const posted = await post('Hola, mi cel es 11 5555-1234');
    const delivered = await recipient.waitFor('message:new', (message) => message.id === posted.id);
    expect(delivered).toEqual(posted);
    expect(delivered.text).toBe('Hola, mi cel es [teléfono oculto]');
    expect(await recipient.waitFor('unread', ({ total }) => total >= 1)).toEqual({ total: 1 });
    await senderTab.waitFor('message:new', (message) => message.id === posted.id);
    // The read receipt reaches both; the reader's unread total drops.
    expect((await pro.post(`/api/conversations/${conversationId}/read`, { upTo: posted.id })).status).toBe(200);
    expect(await senderTab.waitFor('message:read')).toEqual({ conversationId, readerId: proId, upTo: posted.id });
    await recipient.waitFor('unread', ({ total }) => total === 0);
  });

  it('nobody else hears it', async () => {
    const { client: other } = await registerAccount(http, 'otra@live.test');
    const stranger = await connect(await socketCredentials(other, 'otra@live.test'));
    const recipient = await connect(proCredentials);
    const posted = await post('¿Mañana a las 9?');
    await recipient.waitFor('message:new', (message) => message.id === posted.id);
    expect(stranger.received).toEqual([]);
  });

  it('reconnection: a socket closed while 3 messages are sent catches up with exactly those 3 (?after=)', async () => {
    const first = await connect(proCredentials);
    const before = await post('Antes del corte');
    await first.waitFor('message:new', (message) => message.id === before.id);
    const lastSeen = first.all('message:new').at(-1)!.id;
    first.close();
    const missed = [await post('Uno'), await post('Dos'), await post('Tres')];
    const again = await connect(proCredentials);
    const caughtUp = await pro.get(`/api/conversations/${conversationId}/messages?after=${lastSeen}`);
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body).toEqual({ items: missed, hasMore: false });
    // The new socket hears what comes next, and nothing of what it caught up with.
    const next = await post('Cuatro');
    await again.waitFor('message:new', (message) => message.id === next.id);
    expect(again.all('message:new').map((message) => message.id)).toEqual([next.id]);
  });
});

describe('several API processes', () => {
  let replica: { app: NestFastifyApplication; url: string };
  beforeAll(async () => {
    replica = await startReplica(ctx.config);
  });
  afterAll(() => replica?.app.close());

  it('a message posted to one process is received live by a socket connected to the other', async () => {
    const onReplica = await connect(proCredentials, replica.url);
    const posted = await post('Por el otro proceso');
    expect(await onReplica.waitFor('message:new', (message) => message.id === posted.id)).toEqual(posted);
    // And the other way round: posted to the replica, heard on the first process.
    const onFirst = await connect(clientCredentials);
    const answer = await request(replica.url)
      .post(`/api/conversations/${conversationId}/messages`)
      .set('Cookie', proCredentials.cookie)
      .set('X-XSRF-TOKEN', proCredentials.xsrf)
      .send({ text: 'Recibido' });
    expect(answer.status).toBe(201);
    expect((await onFirst.waitFor('message:new', (message) => message.id === answer.body.id)).text).toBe('Recibido');
  });

  it('a process without sockets (a worker) reaches them through Redis', async () => {
    const socket = await connect(clientCredentials, replica.url);
    const worker = new RealtimeService(ctx.config, { gateway: false });
    try {
      worker.emit([clientId], 'unread', { total: 42 });
      expect(await socket.waitFor('unread', ({ total }) => total === 42)).toEqual({ total: 42 });
      expect(userRoom(clientId)).toBe(`user:${clientId}`);
    } finally {
      worker.onApplicationShutdown();
    }
  });
});
