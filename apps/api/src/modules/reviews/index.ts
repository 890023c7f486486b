/** Reviews' public face: what other modules may import from it. */
export { ReviewsModule } from './reviews.module';
export { ReviewsService } from './reviews.service';
