/** The localities' public face: what other modules may import from it. */
export { LocalitiesModule } from './localities.module';
export { LocalitiesService, LOCALITY_MESSAGES } from './localities.service';
export { LocalitySchema } from './localities.schemas';
