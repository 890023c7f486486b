import { createServer } from 'node:net';

/**
 * A port nothing listens on right now, chosen by the kernel. There is a short window before the caller binds it,
 * so callers that spawn a server should be ready to retry with another port.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
