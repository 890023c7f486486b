import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { SocketEventName, SocketEventPayloads } from '@oficios/domain';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../../src/app.factory';
import type { AppConfig } from '../../src/config/app-config';
import { sessionCookie } from './cookies';
import { eventually } from './eventually';
import { freePort } from './free-port';
import type { BrowserClient } from './http-client';

/** What a browser's socket handshake carries: its cookies, and the XSRF-TOKEN value in `auth.xsrf`. */
export interface SocketCredentials {
  cookie: string;
  xsrf: string;
}

/** Signs the browser in again and answers the cookies and token its socket would send. */
export async function socketCredentials(client: BrowserClient, email: string, password = 'clave-segura-1'): Promise<SocketCredentials> {
  const response = await client.login(email, password);
  const xsrf = client.xsrf!;
  return { cookie: `oficios_session=${sessionCookie(response)}; XSRF-TOKEN=${xsrf}`, xsrf };
}

/** A socket.io client that keeps every event it receives, in order. */
export class TestSocket {
  readonly received: { event: string; payload: unknown }[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload }));
  }

  /** The payloads of one event so far. */
  all<E extends SocketEventName>(event: E): SocketEventPayloads[E][] {
    return this.received.filter((entry) => entry.event === event).map((entry) => entry.payload as SocketEventPayloads[E]);
  }

  /** Waits for an event (the first matching `test`), whether it came already or comes later. */
  waitFor<E extends SocketEventName>(
    event: E,
    test: (payload: SocketEventPayloads[E]) => boolean = () => true,
  ): Promise<SocketEventPayloads[E]> {
    return eventually(
      () => {
        const found = this.all(event).find(test);
        if (!found) throw new Error(`no ${event} matching yet; received ${JSON.stringify(this.received)}`);
        return found;
      },
      10_000,
      20,
    );
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** A refused handshake as the client sees it: the server's message, its `data`, and whether the client would retry. */
export type SocketRefusal = Error & { data?: { message?: string; retryAfter?: number }; willRetry: boolean };

/** How a test socket connects beyond its credentials. */
export interface SocketOptions {
  /** The address a trusted proxy says the browser has (X-Forwarded-For; the API believes it only with TRUST_PROXY). */
  forwardedFor?: string;
  /** socket.io-client's own reconnection, as the web app leaves it (on); off by default, so a test decides every attempt. */
  reconnection?: boolean;
}

/**
 * Connects to the API at `baseUrl` as a browser would (websocket transport, the cookies in the handshake, the XSRF
 * token in `auth`); resolves once connected, rejects with the server's connect_error (its message, and `data`).
 */
export function connectSocket(baseUrl: string, credentials: Partial<SocketCredentials>, options: SocketOptions = {}): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (credentials.cookie) headers.cookie = credentials.cookie;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
    extraHeaders: headers,
    auth: credentials.xsrf === undefined ? {} : { xsrf: credentials.xsrf },
  });
  const client = new TestSocket(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error: Error) => {
      // Whether socket.io-client itself would try again (it does not after a refusal at the handshake).
      const willRetry = socket.active;
      socket.disconnect();
      reject(Object.assign(error, { willRetry }));
    });
  });
}

/**
 * Another API process of the same deployment (same database, Redis prefix and session secret) on its own port, as
 * a second replica behind a load balancer would be; WORKERS=off, so only the first one runs jobs.
 */
export async function startReplica(config: AppConfig): Promise<{ app: NestFastifyApplication; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await createApp({ ...config, port, publicApiUrl: url, workers: { ...config.workers, enabled: false } });
  await app.listen(port, '127.0.0.1');
  return { app, url };
}
