import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES } from '@oficios/domain';
import { DataSource } from 'typeorm';
import { QueueJob, type JobHandler } from '../queues/job-handler';

/** Ended sessions are kept a day (what a support question about "why was I signed out" needs), then deleted. */
const KEEP_ENDED_SESSIONS = '1 day';

/** Scheduled: deletes session rows that expired or were revoked more than a day ago. */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-expired-sessions')
export class PruneExpiredSessionsJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(): Promise<void> {
    const deleted = await this.prune();
    if (deleted > 0) this.logger.log(`Sesiones terminadas borradas: ${deleted}`);
  }

  async prune(): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM user_sessions WHERE expires_at < now() - interval '${KEEP_ENDED_SESSIONS}' OR revoked_at < now() - interval '${KEEP_ENDED_SESSIONS}'`,
    )) as [unknown, number];
    return count;
  }
}
