import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { seedDatabase, type SeedReport } from '../../src/database/seed/seed-catalogue';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-test-password' };

export interface TestContext {
  app: NestExpressApplication;
  config: AppConfig;
  db: TestDatabase;
  seed: SeedReport;
  close(): Promise<void>;
}

/** The real app on its own migrated (and seeded) database and its own Redis prefix. */
export async function startTestApp(options: { professionals?: number; env?: Record<string, string> } = {}): Promise<TestContext> {
  const db = await createTestDatabase();
  const files = mkdtempSync(join(tmpdir(), 'oficios-test-'));
  try {
    // Really listening: the Google stand-in's token endpoint is called back over HTTP by passport.
    const port = await freePort();
    const config = loadConfig({
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
      ...options.env,
    });
    const seed = await seedDatabase(db.dataSource, {
      professionals: options.professionals ?? 48,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
    const app = await createApp(config);
    await app.listen(port, '127.0.0.1');
    return {
      app,
      config,
      db,
      seed,
      async close() {
        await app.close();
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
