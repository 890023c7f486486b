import { Injectable } from '@nestjs/common';
import { summarizeRatings, type BookingReview, type Review } from '@oficios/domain';
import { ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { ReviewsRepository, type ReviewRecord } from './reviews.repository';

/** Reviews as the screens show them (with their author's first name and picture), and what follows a new one. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly accounts: AccountsService,
    private readonly catalog: ProfessionalsService,
  ) {}

  /** `GET /home/reviews[?professionalId]`: an unknown professional simply has none. */
  async list(professionalId?: number): Promise<Review[]> {
    return this.withAuthors(await this.reviews.find(professionalId));
  }

  /** The newest `count` reviews of a professional (their own profile shows the first 9). */
  async latestOf(professionalId: number, count: number): Promise<Review[]> {
    return this.withAuthors(await this.reviews.find(professionalId, count));
  }

  /** The review of each of these bookings (order lines) that has one. */
  async ofBookings(orderDetailIds: number[]): Promise<Map<number, BookingReview>> {
    const found = await this.reviews.ofBookings(orderDetailIds);
    return new Map(found.map((review) => [review.orderDetailId!, { id: review.id, rating: review.rating, comment: review.comment }]));
  }

  /** ReviewCreated: the professional's rating (whole stars) and reputation (review count), from all its reviews. */
  async recomputeRating(professionalId: number): Promise<void> {
    // Recomputed from scratch, after the catalogue locked the professional: twice, or out of order, gives the same.
    await this.catalog.recomputeRating(professionalId, async (manager) =>
      summarizeRatings(await this.reviews.ratingsOf(manager, professionalId)),
    );
  }

  private async withAuthors(records: ReviewRecord[]): Promise<Review[]> {
    const authors = await this.accounts.cardsOf(records.map((review) => review.clientId));
    return records.map((review) => {
      const author = authors.get(review.clientId);
      return { ...review, client: { id: review.clientId, firstName: author?.firstName ?? '', profileImg: author?.profileImg ?? null } };
    });
  }
}
