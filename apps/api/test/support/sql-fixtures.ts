import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';

/**
 * Runs a script of test/fixtures/ in one round trip: rows as an older schema had them (the migration tests), or bulk
 * data for a query plan. Only tests about SQL itself use these; every other test makes its state through the app.
 */
export async function runSqlFixture(dataSource: DataSource, name: string): Promise<void> {
  await dataSource.query(readFileSync(join(__dirname, '..', 'fixtures', `${name}.sql`), 'utf8'));
}
