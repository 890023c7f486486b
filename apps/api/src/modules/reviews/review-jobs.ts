import { Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { ReviewsService } from './reviews.service';

/** ReviewCreated: the professional's rating and reputation are recomputed from all its reviews. */
@Injectable()
@QueueJob(QUEUES.catalog, 'ReviewCreated')
export class RecomputeRatingJob implements JobHandler<EventJobData<'ReviewCreated'>> {
  constructor(private readonly reviews: ReviewsService) {}

  handle({ payload }: EventJobData<'ReviewCreated'>): Promise<void> {
    return this.reviews.recomputeRating(payload.professionalId);
  }
}
