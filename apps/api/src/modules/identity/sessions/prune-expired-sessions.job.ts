import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../../common/queues/job-handler';
import { SessionsRepository } from './sessions.repository';

/** Scheduled: deletes session rows that expired or were revoked more than a day ago. */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-expired-sessions')
export class PruneExpiredSessionsJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(private readonly sessions: SessionsRepository) {}

  async handle(): Promise<void> {
    const deleted = await this.sessions.pruneEnded();
    if (deleted > 0) this.logger.log(`Sesiones terminadas borradas: ${deleted}`);
  }
}
