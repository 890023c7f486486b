import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings';
import { MediaModule } from '../media';
import { JobRequestImagesRepository } from './job-request-images.repository';
import { JobRequestsController } from './job-requests.controller';
import { JobRequestsService } from './job-requests.service';

/** Job requests: the client's description and photos of the work, written on the cart line and kept by the booking. */
@Module({
  imports: [BookingsModule, MediaModule],
  controllers: [JobRequestsController],
  providers: [JobRequestsService, JobRequestImagesRepository],
  exports: [JobRequestsService],
})
export class JobRequestsModule {}
