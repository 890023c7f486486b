import { Injectable } from '@nestjs/common';
import type { CreateReview, CreateReviewAnswer } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { forbidden, notFound } from '../../common/errors/app-errors';
import { ProfessionalsService } from '../catalog';
import { BookingsService } from '../bookings';
import { OutboxService } from '../outbox';
import { ReviewsRepository } from './reviews.repository';

const NOT_BOOKED = 'Solo puedes reseñar a profesionales que contrataste y pagaste';

/**
 * `POST /api/reviews`: a client rates a professional whose booking it paid for is done, once per
 * booking (order detail); reviewing the same booking again updates it. ReviewCreated
 * goes out in the same transaction, and a worker recomputes the professional's rating.
 */
@Injectable()
export class ReviewWriter {
  constructor(
    private readonly outbox: OutboxService,
    private readonly reviews: ReviewsRepository,
    private readonly bookings: BookingsService,
    private readonly catalog: ProfessionalsService,
  ) {}

  async create(
    actor: SessionUserClaims,
    { clientId, professionalId, orderDetailId, rating, comment }: CreateReview,
  ): Promise<CreateReviewAnswer> {
    if (clientId !== undefined && clientId !== actor.id) throw forbidden('not_allowed', 'Solo puedes reseñar en tu nombre');
    if (!(await this.catalog.exists(professionalId))) throw notFound(`No existe el profesional ${professionalId}`);
    // The booking: the one named, or the newest done one not yet reviewed (else the newest done one). Reviews open
    // only once the work is done.
    const paid = await this.bookings.doneBookingIds(actor.id, professionalId, orderDetailId);
    if (paid.length === 0) throw forbidden('not_booked', NOT_BOOKED);
    const reviewed = await this.reviewsOf(paid);
    const booking = paid.find((id) => !reviewed.has(id)) ?? paid[0];
    return this.outbox.transaction(async (manager) => {
      const { updated, ...review } = await this.reviews.upsert(manager, {
        professionalId,
        clientId: actor.id,
        orderDetailId: booking,
        comment,
        rating,
      });
      await this.outbox.record(manager, 'ReviewCreated', { reviewId: review.id, professionalId });
      return { review, updated };
    });
  }

  private async reviewsOf(orderDetailIds: number[]): Promise<Set<number>> {
    return new Set((await this.reviews.ofBookings(orderDetailIds)).map((review) => review.orderDetailId!));
  }
}
