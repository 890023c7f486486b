import { Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { CatalogCacheBus } from './catalog-cache.bus';

/** ProfessionalUpdated: every API process drops its cached catalogue. */
@Injectable()
@QueueJob(QUEUES.catalog, 'ProfessionalUpdated')
export class RefreshCatalogJob implements JobHandler<EventJobData<'ProfessionalUpdated'>> {
  constructor(private readonly cache: CatalogCacheBus) {}

  handle(): Promise<void> {
    return this.cache.announce();
  }
}
