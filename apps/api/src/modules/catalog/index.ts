/** The catalogue's public face: what other modules may import from it. */
export { CatalogModule } from './catalog.module';
export { CatalogService } from './catalog.service';
export { ProfessionalsService, type NewProfessional, type ProfessionalProfile } from './professionals.service';
export type {
  BookingCard,
  BookingTerms,
  CatalogStatistics,
  ProfessionalArea,
  ProfessionalCard,
  ProfessionalSummary,
} from './professionals.repository';
export { ProfessionalDetailSchema, ServiceAreaSchema } from './catalog.schemas';
