import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings';
import { CalendarModule } from '../calendar';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { LocalitiesModule } from '../localities';
import { JobRequestsModule } from '../job-requests';
import { CartController } from './cart.controller';
import { CartRepository } from './cart.repository';
import { CartService } from './cart.service';
import { JobPlaces } from './job-places';
import { PruneOrphanJobRequestImagesJob } from './prune-orphan-job-request-images.job';

/** The clients' server carts. */
@Module({
  imports: [CatalogModule, CalendarModule, JobRequestsModule, BookingsModule, IdentityModule, LocalitiesModule],
  controllers: [CartController],
  providers: [CartService, CartRepository, JobPlaces, PruneOrphanJobRequestImagesJob],
  exports: [CartService, JobPlaces],
})
export class CartModule {}
