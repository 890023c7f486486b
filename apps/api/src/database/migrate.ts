import 'reflect-metadata';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { createDataSource } from './data-source';

/** Creates the database of DATABASE_URL when missing, then runs pending migrations. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** What the localities' import loaded and what it skipped, and why (kept by the migration Localities). */
export async function localityImportReport(dataSource: DataSource): Promise<string[]> {
  const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM localities`);
  const skipped: { name: string; province: string; reason: string }[] = await dataSource.query(
    `SELECT name, province, reason FROM locality_import_skips ORDER BY id`,
  );
  return [
    `Localidades: ${count} importadas, ${skipped.length} omitidas`,
    ...skipped.map((record) => `  omitida: ${record.name} (${record.province}): ${record.reason}`),
  ];
}

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const dataSource = await createDataSource(config.databaseUrl).initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(applied.length ? `Migraciones aplicadas: ${applied.map((m) => m.name).join(', ')}` : 'Migraciones: al día');
    if (applied.some((migration) => migration.name === 'Localities1765700000000')) {
      for (const line of await localityImportReport(dataSource)) console.log(line);
    }
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
