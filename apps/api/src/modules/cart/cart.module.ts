import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings';
import { CalendarModule } from '../calendar';
import { CatalogModule } from '../catalog';
import { JobRequestsModule } from '../job-requests';
import { CartController } from './cart.controller';
import { CartRepository } from './cart.repository';
import { CartService } from './cart.service';
import { PruneOrphanJobRequestImagesJob } from './prune-orphan-job-request-images.job';

/** The clients' server carts. */
@Module({
  imports: [CatalogModule, CalendarModule, JobRequestsModule, BookingsModule],
  controllers: [CartController],
  providers: [CartService, CartRepository, PruneOrphanJobRequestImagesJob],
  exports: [CartService],
})
export class CartModule {}
