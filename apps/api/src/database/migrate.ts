import 'reflect-metadata';
import { Client } from 'pg';
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

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const dataSource = await createDataSource(config.databaseUrl).initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(applied.length ? `Migraciones aplicadas: ${applied.map((m) => m.name).join(', ')}` : 'Migraciones: al día');
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
