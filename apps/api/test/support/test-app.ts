import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import type { DestinationStream } from 'pino';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import type { Clock } from '../../src/common/clock/clock';
import { REDIS } from '../../src/common/redis.token';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { seedDatabase, type SeedReport } from '../../src/database/seed/seed-catalogue';
import { freePort } from './free-port';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Every Redis key of a test app (its queues, throttles, sandbox), so runs leave nothing behind. */
async function dropRedisKeys(config: AppConfig): Promise<void> {
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.redisPrefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // A test that stopped its own Redis has nothing to clean there.
  } finally {
    redis.disconnect();
  }
}

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-test-password' };

export interface TestContext {
  app: NestFastifyApplication;
  config: AppConfig;
  db: TestDatabase;
  seed: SeedReport;
  close(): Promise<void>;
}

/**
 * The real app on its own migrated (and seeded) database and its own Redis prefix. `logDestination` receives its
 * JSON log lines (see support/log-capture.ts); the logger is one per process, so only the first app of a suite
 * file decides where its lines go.
 */
export async function startTestApp(
  options: {
    professionals?: number;
    env?: Record<string, string>;
    logDestination?: DestinationStream;
    clock?: Clock;
    /** Where it listens (default: a free port): a suite that must name the app's address before it starts. */
    port?: number;
  } = {},
): Promise<TestContext> {
  const db = await createTestDatabase();
  const files = mkdtempSync(join(tmpdir(), 'oficios-test-'));
  try {
    // Really listening: the Google stand-in's token endpoint is called back over HTTP by passport.
    const port = options.port ?? (await freePort());
    const config = loadConfig({
      // The suites exercise the stand-ins (payments sandbox, Google stand-in, demo accounts); a suite turns one off in `env`.
      DEMO_MODE: 'true',
      DATABASE_URL: db.url,
      REDIS_PREFIX: `test:${db.name}`,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'error',
      WEB_ORIGINS: 'http://localhost:3000,http://localhost:8080',
      MAIL_OUTBOX_DIR: join(files, 'mail'),
      UPLOADS_DIR: join(files, 'uploads'),
      PORT: String(port),
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      WEB_URL: 'http://localhost:3000',
      // Retries and relaying fast enough for tests to wait on them.
      JOB_BACKOFF_MS: '100',
      OUTBOX_POLL_MS: '200',
      ...options.env,
    });
    const seed = await seedDatabase(db.dataSource, {
      professionals: options.professionals ?? 48,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoAccounts: config.demo.accounts,
    });
    const app = await createApp(config, { logDestination: options.logDestination, clock: options.clock });
    await app.listen(port, '127.0.0.1');
    // As a deployed API is once its health check passes: connected to Redis (unless a suite points it nowhere on purpose).
    if (options.env?.REDIS_URL === undefined) await connected(app.get<Redis>(REDIS));
    return {
      app,
      config,
      db,
      seed,
      async close() {
        await app.close();
        await dropRedisKeys(config);
        await db.drop();
        rmSync(files, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // A suite that cannot start leaves no database or files behind.
    await db.drop();
    rmSync(files, { recursive: true, force: true });
    throw error;
  }
}

/** Resolves once the connection is ready (it refuses commands before: no offline queue). */
function connected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis no quedó listo (estado ${redis.status})`)), 15_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
