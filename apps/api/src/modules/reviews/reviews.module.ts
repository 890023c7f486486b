import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { BookingsModule } from '../bookings';
import { RecomputeRatingJob } from './review-jobs';
import { ReviewWriterController } from './review-writer.controller';
import { ReviewWriter } from './review-writer.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

/** Reviews of paid bookings, and the professionals' ratings they make. */
@Module({
  imports: [BookingsModule, CatalogModule, IdentityModule],
  controllers: [ReviewsController, ReviewWriterController],
  providers: [ReviewsService, ReviewsRepository, ReviewWriter, RecomputeRatingJob],
  exports: [ReviewsService],
})
export class ReviewsModule {}
