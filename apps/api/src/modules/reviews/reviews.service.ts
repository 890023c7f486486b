import { Injectable } from '@nestjs/common';
import type { Review } from '@oficios/domain';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewsService {
  constructor(private readonly reviews: ReviewsRepository) {}

  /** `GET /home/reviews[?professionalId]`: an unknown professional simply has none. */
  list(professionalId?: number): Promise<Review[]> {
    return this.reviews.find(professionalId);
  }

  /** The newest `count` reviews of a professional (their own profile shows the first 9). */
  latestOf(professionalId: number, count: number): Promise<Review[]> {
    return this.reviews.find(professionalId, count);
  }
}
