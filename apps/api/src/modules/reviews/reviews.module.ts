import { Module } from '@nestjs/common';
import { ReviewWriterController } from './review-writer.controller';
import { ReviewWriter } from './review-writer.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

@Module({
  controllers: [ReviewsController, ReviewWriterController],
  providers: [ReviewsService, ReviewsRepository, ReviewWriter],
  exports: [ReviewsService],
})
export class ReviewsModule {}
