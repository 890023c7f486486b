import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES, summarizeRatings, type EventJobData } from '@oficios/domain';
import { DataSource } from 'typeorm';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { CatalogCacheBus } from './catalog-cache.bus';

/** ReviewCreated: the professional's rating (whole stars) and reputation (review count) from all its reviews. */
@Injectable()
@QueueJob(QUEUES.catalog, 'ReviewCreated')
export class RecomputeRatingJob implements JobHandler<EventJobData<'ReviewCreated'>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: CatalogCacheBus,
  ) {}

  async handle({ payload }: EventJobData<'ReviewCreated'>): Promise<void> {
    // Recomputed from scratch: running it twice, or out of order, gives the same answer.
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [payload.professionalId]);
      const rows: { rating: number }[] = await manager.query('SELECT rating FROM reviews WHERE professional_id = $1', [
        payload.professionalId,
      ]);
      const summary = summarizeRatings(rows.map((row) => Number(row.rating)));
      await manager.query('UPDATE users SET rating = $2, reputation = $3, updated_at = now() WHERE id = $1', [
        payload.professionalId,
        summary.rating,
        summary.reputation,
      ]);
    });
    await this.cache.announce();
  }
}

/** ProfessionalUpdated: every API process drops its cached catalogue. */
@Injectable()
@QueueJob(QUEUES.catalog, 'ProfessionalUpdated')
export class RefreshCatalogJob implements JobHandler<EventJobData<'ProfessionalUpdated'>> {
  constructor(private readonly cache: CatalogCacheBus) {}

  handle(): Promise<void> {
    return this.cache.announce();
  }
}
