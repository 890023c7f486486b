import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { seedDatabase, type SeedReport } from '../../src/database/seed/seed-catalogue';
import { createTestDatabase, type TestDatabase } from './test-database';

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
  const config = loadConfig({
    DATABASE_URL: db.url,
    REDIS_PREFIX: `test:${db.name}`,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'error',
    WEB_ORIGINS: 'http://localhost:3000,http://localhost:8080',
    ...options.env,
  });
  const seed = await seedDatabase(db.dataSource, {
    professionals: options.professionals ?? 48,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  const app = await createApp(config);
  await app.init();
  return {
    app,
    config,
    db,
    seed,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
