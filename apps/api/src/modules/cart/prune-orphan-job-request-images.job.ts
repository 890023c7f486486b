import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { BookingsService } from '../bookings';
import { JobRequestsService } from '../job-requests';
import { CartService } from './cart.service';

/**
 * Scheduled: deletes job request photos nothing holds once past the grace period (uploaded and never saved on a cart
 * line, taken off a draft, or left on a line removed before checkout). Here because the cart knows both holders: its
 * lines' drafts, and the bookings checkout copies them onto.
 */
@Injectable()
@QueueJob(QUEUES.maintenance, 'prune-orphan-job-request-images')
export class PruneOrphanJobRequestImagesJob implements JobHandler<unknown> {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly jobRequests: JobRequestsService,
    private readonly cart: CartService,
    private readonly bookings: BookingsService,
  ) {}

  async handle(): Promise<void> {
    const deleted = await this.jobRequests.pruneUnreferenced(async (ids) => {
      // Drafts first: checkout writes the booking before its line leaves the cart, so a photo on its way to a booking is seen by one of the two.
      const held = await this.cart.referencedJobRequestImages(ids);
      for (const id of await this.bookings.referencedJobRequestImages(ids.filter((candidate) => !held.has(candidate)))) held.add(id);
      return held;
    });
    if (deleted.length > 0) this.logger.log(`Fotos de pedidos huérfanas borradas: ${deleted.length}`);
  }
}
