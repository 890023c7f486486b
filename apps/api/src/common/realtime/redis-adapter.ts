import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { AppConfig } from '../../config/app-config';

/**
 * socket.io's Redis adapter for the deployment: every process (API or worker) that emits to a room reaches the
 * sockets of every API process, over channels under the deployment's prefix (tests never hear each other).
 */
export function redisAdapter(config: AppConfig): { adapter: ReturnType<typeof createAdapter>; close(): void } {
  const logger = new Logger('Realtime');
  const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  let down = false;
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself (and renews the subscriptions); say so once per outage.
    client.on('error', (error: Error) => {
      if (!down) logger.warn(`Redis no disponible para la entrega en vivo: ${error.message}`);
      down = true;
    });
    client.on('ready', () => (down = false));
  }
  return {
    adapter: createAdapter(pub, sub, { key: `${config.redisPrefix}:socket.io` }),
    close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
