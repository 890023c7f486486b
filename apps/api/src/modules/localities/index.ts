/** The localities' public face: what other modules may import from it. */
export { LocalitiesModule } from './localities.module';
export { LocalitiesService, LOCALITY_MESSAGES, unknownLocality } from './localities.service';
export { LocalitySchema } from './localities.schemas';
