import { Module } from '@nestjs/common';
import { LocalitiesModule } from '../localities';
import { CatalogCacheBus } from './catalog-cache.bus';
import { RefreshCatalogJob } from './catalog-jobs';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { ListingConnections } from './listing-connections';
import { ProfessionalsRepository } from './professionals.repository';
import { ProfessionalsService } from './professionals.service';
import { ProfessionsRepository } from './professions.repository';
import { ServiceAreas } from './service-areas';

/** The public catalogue: professionals' profiles, professions, the listing and the detail. */
@Module({
  imports: [LocalitiesModule],
  controllers: [CatalogController],
  providers: [
    CatalogService,
    ProfessionalsService,
    ProfessionalsRepository,
    ProfessionsRepository,
    ListingConnections,
    CatalogCacheBus,
    RefreshCatalogJob,
    ServiceAreas,
  ],
  exports: [CatalogService, ProfessionalsService],
})
export class CatalogModule {}
