import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** At most this many: the listing's statement runs in a fraction of a millisecond, and each connection is a backend. */
const MAX_LISTING_CONNECTIONS = 4;

/**
 * The listing's own few connections, where Postgres always uses a prepared statement's generic plan
 * (`plan_cache_mode=force_generic_plan`). The listing's common statement (`commonListingStatement`) has the same good
 * generic plan for every page, but Postgres estimates its LIMIT and OFFSET parameters at a tenth of the range, and on a
 * large catalogue (100,000) it then judges the generic plan dearer and plans every call anew: planning cost twice the
 * run. Only this statement runs here; every other query keeps the main pool and `auto` (forcing generic plans there
 * would reach statements whose best plan does depend on their values).
 */
@Injectable()
export class ListingConnections implements OnApplicationShutdown {
  private readonly logger = new Logger('ListingConnections');
  /** Connected on first use (a worker process never lists). */
  readonly pool: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: Math.min(MAX_LISTING_CONNECTIONS, config.databasePoolSize),
      connectionTimeoutMillis: config.databasePoolTimeoutMs,
      // Kept open when idle, as the main pool's (see dataSourceOptions): a new backend plans and prepares again.
      idleTimeoutMillis: 0,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    });
    // An idle connection the server dropped (a restart): the pool replaces it; without a listener it would end the process.
    this.pool.on('error', (error) => this.logger.warn(`Conexión del listado perdida: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
