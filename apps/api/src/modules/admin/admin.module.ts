import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AdminCatalogController } from './admin-catalog.controller';
import { AdminStatisticsController } from './admin-statistics.controller';
import { ProfessionalEditor } from './professional-editor.service';
import { ProfessionsAdmin } from './professions-admin.service';

@Module({
  imports: [CatalogModule],
  controllers: [AdminStatisticsController, AdminCatalogController],
  providers: [ProfessionalEditor, ProfessionsAdmin],
})
export class AdminModule {}
