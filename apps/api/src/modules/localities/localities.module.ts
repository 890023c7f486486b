import { Module } from '@nestjs/common';
import { LocalitiesController } from './localities.controller';
import { LocalitiesRepository } from './localities.repository';
import { LocalitiesService } from './localities.service';

/** Argentina's localities: the search, the look-ups every module uses by id, and their public routes. */
@Module({
  controllers: [LocalitiesController],
  providers: [LocalitiesService, LocalitiesRepository],
  exports: [LocalitiesService],
})
export class LocalitiesModule {}
