import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { CalendarCacheBus } from './calendar-cache.bus';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';

/** The professionals' dates: booking settings, availability, holds (no double booking) and blocked dates. */
@Module({
  imports: [CatalogModule],
  controllers: [CalendarController],
  providers: [CalendarService, CalendarRepository, CalendarCacheBus],
  exports: [CalendarService],
})
export class CalendarModule {}
