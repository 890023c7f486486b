import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES } from '@oficios/domain';
import { DataSource } from 'typeorm';
import { QueueJob, type JobHandler } from '../queues/job-handler';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency-keys.service';

/** Scheduled: deletes stored answers of every user whose keys expired (a user's own next keyed request does it too). */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-idempotency-keys')
export class PruneIdempotencyKeysJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(): Promise<void> {
    const [, deleted] = (await this.dataSource.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [
      IDEMPOTENCY_KEY_TTL_HOURS,
    ])) as [unknown, number];
    if (deleted > 0) this.logger.log(`Claves de idempotencia vencidas borradas: ${deleted}`);
  }
}
