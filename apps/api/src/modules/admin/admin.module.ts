import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { AdminCatalogController } from './admin-catalog.controller';
import { AdminProfessionalsController } from './admin-professionals.controller';
import { AdminStatisticsController } from './admin-statistics.controller';
import { ProfessionalEditor } from './professional-editor.service';

/** The administrators' routes that no single module owns: the site's statistics, a professional's whole edit. */
@Module({
  imports: [CatalogModule, IdentityModule],
  controllers: [AdminStatisticsController, AdminCatalogController, AdminProfessionalsController],
  providers: [ProfessionalEditor],
})
export class AdminModule {}
