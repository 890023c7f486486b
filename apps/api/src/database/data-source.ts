import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/** Options shared by the app, the migrate/seed scripts and the tests. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    uuidExtension: 'pgcrypto', // gen_random_uuid(), built into Postgres 13+
    synchronize: false,
    migrationsRun: false,
    // Catalogue queries are short: JIT compilation would cost more than it saves.
    extra: { max: 20, options: '-c jit=off' },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
