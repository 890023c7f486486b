import { BullModule } from '@nestjs/bullmq';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QUEUES } from '@oficios/domain';
import type { AppConfig } from '../../config/app-config';
import { bullConnection, bullPrefix } from './redis-connection';
import { JobSchedulesService } from './job-schedules.service';
import { WorkersService } from './workers.service';

/**
 * The BullMQ queues (producers, everywhere) and, where workers run, the
 * workers that feed jobs to the `@QueueJob` handlers of the feature modules.
 */
@Global()
@Module({})
export class QueuesModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: QueuesModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          prefix: bullPrefix(config),
          connection: bullConnection(config),
          defaultJobOptions: {
            attempts: config.workers.attempts,
            backoff: { type: 'exponential', delay: config.workers.backoffMs },
            // Kept a week so a replayed event id is recognised; failed jobs stay for inspection in Bull Board.
            removeOnComplete: { age: 7 * 24 * 3600, count: 50_000 },
            removeOnFail: false,
          },
        }),
        // Producers fail fast while Redis is away (the outbox keeps the event) instead of queueing in memory.
        ...Object.values(QUEUES).map((name) =>
          BullModule.registerQueue({ name, connection: { ...bullConnection(config), enableOfflineQueue: false } }),
        ),
      ],
      providers: [WorkersService, JobSchedulesService],
      exports: [BullModule, WorkersService],
    };
  }
}
