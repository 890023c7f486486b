import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../queues/job-handler';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency-keys.service';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';

/** Scheduled: deletes stored answers of every user whose keys expired (a user's own next keyed request does it too). */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-idempotency-keys')
export class PruneIdempotencyKeysJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(private readonly keys: IdempotencyKeysRepository) {}

  async handle(): Promise<void> {
    const deleted = await this.keys.deleteExpired(IDEMPOTENCY_KEY_TTL_HOURS);
    if (deleted > 0) this.logger.log(`Claves de idempotencia vencidas borradas: ${deleted}`);
  }
}
