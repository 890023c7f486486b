import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { ProfessionalsRepository } from './professionals.repository';

@Module({
  imports: [ReviewsModule],
  controllers: [CatalogController],
  providers: [CatalogService, ProfessionalsRepository],
  exports: [CatalogService],
})
export class CatalogModule {}
