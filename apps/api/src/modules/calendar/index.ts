/** The calendar's public face: what other modules may import from it. */
export { CalendarModule } from './calendar.module';
export { CalendarService, professionalName, type BookableProfessional } from './calendar.service';
