/**
 * Jest's stand-in for `socket.io-client` (jest.config.js maps the package here): no network; a test plays the
 * server with `serverEmit` and reads what the app asked for (`url`, `options`, `disconnected`).
 */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  readonly handlers = new Map<string, Handler[]>();
  connected = false;
  disconnected = false;
  /** How many times the app asked to connect again (`io()` itself connects, as the real client does). */
  reconnects = 0;

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  off(event: string, handler?: Handler): this {
    this.handlers.set(event, handler ? (this.handlers.get(event) ?? []).filter((h) => h !== handler) : []);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  connect(): this {
    this.reconnects += 1;
    this.connected = true;
    this.disconnected = false;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  /** The server sends `event` (or the client's own 'connect' / 'connect_error'). */
  serverEmit(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** What `auth` would send at the handshake. */
  handshakeAuth(): unknown {
    const auth = this.options.auth;
    if (typeof auth !== 'function') return auth;
    let sent: unknown;
    (auth as (send: (data: unknown) => void) => void)((data) => (sent = data));
    return sent;
  }
}

/** Every socket the app opened in this test file, oldest first. */
export const fakeSockets: FakeSocket[] = [];

export function io(url: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(url, options);
  fakeSockets.push(socket);
  return socket;
}

/** The live socket the app opened last (not disconnected). */
export function liveSocket(): FakeSocket {
  const socket = [...fakeSockets].reverse().find((candidate) => !candidate.disconnected);
  if (!socket) throw new Error('no live socket');
  return socket;
}
