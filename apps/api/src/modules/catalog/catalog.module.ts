import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { ProfessionalsRepository } from './professionals.repository';

@Module({
  controllers: [CatalogController],
  providers: [CatalogService, ProfessionalsRepository],
  exports: [CatalogService],
})
export class CatalogModule {}
