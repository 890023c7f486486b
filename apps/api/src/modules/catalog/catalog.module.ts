import { Module } from '@nestjs/common';
import { CatalogCacheBus } from './catalog-cache.bus';
import { RecomputeRatingJob, RefreshCatalogJob } from './catalog-jobs';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { ProfessionalsRepository } from './professionals.repository';

@Module({
  controllers: [CatalogController],
  providers: [CatalogService, ProfessionalsRepository, CatalogCacheBus, RecomputeRatingJob, RefreshCatalogJob],
  exports: [CatalogService, ProfessionalsRepository, CatalogCacheBus],
})
export class CatalogModule {}
