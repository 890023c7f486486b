import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../../config/app-config';
import { redisAdapter } from './redis-adapter';

/**
 * The API's socket.io server (default path /socket.io, on the HTTP server): CORS for WEB_ORIGINS with credentials,
 * browsers of other origins refused, and the Redis adapter so that an emit from any process reaches every socket.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly closers: (() => void)[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const allowed = new Set([...this.config.webOrigins, new URL(this.config.publicApiUrl).origin]);
    const server = super.createIOServer(port, {
      ...options,
      serveClient: false,
      cors: { origin: this.config.webOrigins, credentials: true },
      // A browser says where the page came from: only ours may open a socket (the handshake then needs the session and the XSRF token).
      allowRequest: (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) =>
        callback(null, req.headers.origin === undefined || allowed.has(req.headers.origin)),
    }) as Server;
    const { adapter, close } = redisAdapter(this.config);
    server.adapter(adapter);
    this.closers.push(close);
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    for (const close of this.closers.splice(0)) close();
  }
}
