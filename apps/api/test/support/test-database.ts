import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, MigrationInterface } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  /** A migrated data source on the database. */
  dataSource: DataSource;
  drop(): Promise<void>;
}

/** A fresh database of its own, migrated, dropped at the end of the suite. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `oficios_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = `${SERVER_URL}/${name}`;
  const dataSource = await createDataSource(url).initialize();
  if (options.migrate !== false) await dataSource.runMigrations({ transaction: 'each' });
  return {
    url,
    name,
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Runs the pending migrations up to and including `name`, leaving the later ones pending: a migration's test looks at
 * what that migration did before the next ones change it.
 */
export async function runMigrationsThrough(dataSource: DataSource, name: string): Promise<void> {
  const all = dataSource.migrations as MigrationInterface[];
  const kept = [...all];
  all.splice(all.findIndex((migration) => migration.name === name) + 1);
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    all.splice(0, all.length, ...kept);
  }
}
