import { DataSource, type DataSourceOptions } from 'typeorm';
import { defaultPoolSize } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { PipelinedClient } from './pipelined-client';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/** Options shared by the app, the migrate/seed scripts and the tests. */
export function dataSourceOptions(databaseUrl: string, poolSize = defaultPoolSize(), poolTimeoutMs = 10_000): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    uuidExtension: 'pgcrypto', // gen_random_uuid(), built into Postgres 13+
    synchronize: false,
    migrationsRun: false,
    // A few connections per core (defaultPoolSize). Catalogue queries are short: JIT compilation would cost more than
    // it saves. (plan_cache_mode stays `auto`: forcing generic plans would reach every parameterised query, the
    // listing's searches and filters included, not only the prepared statements of preparedQuery.)
    // connectionTimeoutMillis bounds the wait for a pooled connection (pg-pool waits forever by default). Idle
    // connections stay open (pg-pool closes them after 10 s): a new backend prepares every statement again.
    // Client: node-pg's in pipeline mode (PipelinedClient: a transaction's BEGIN and its queries issued together share
    // writes and round trips).
    extra: { max: poolSize, connectionTimeoutMillis: poolTimeoutMs, idleTimeoutMillis: 0, options: '-c jit=off', Client: PipelinedClient },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
