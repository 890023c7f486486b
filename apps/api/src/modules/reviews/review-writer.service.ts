import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { checkReview, type CreateReviewAnswer } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, optionalBodyId } from '../../common/id.pipe';
import { ProfessionalsService } from '../catalog';
import { OrdersService } from '../orders';
import { OutboxService } from '../outbox';
import { ReviewsRepository } from './reviews.repository';

export interface CreateReviewBody {
  clientId?: unknown;
  professionalId?: unknown;
  orderDetailId?: unknown;
  comment?: unknown;
  rating?: unknown;
}

const NOT_BOOKED = 'Solo puedes reseñar a profesionales que contrataste y pagaste';

/**
 * `POST /api/reviews`: a client rates a professional it booked and paid for, once per
 * booking (order detail); reviewing the same booking again updates it. ReviewCreated
 * goes out in the same transaction, and a worker recomputes the professional's rating.
 */
@Injectable()
export class ReviewWriter {
  constructor(
    private readonly outbox: OutboxService,
    private readonly reviews: ReviewsRepository,
    private readonly orders: OrdersService,
    private readonly catalog: ProfessionalsService,
  ) {}

  async create(actor: SessionUserClaims, body: CreateReviewBody | undefined): Promise<CreateReviewAnswer> {
    const clientId = optionalBodyId(body?.clientId, 'clientId');
    if (clientId !== undefined && clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes reseñar en tu nombre' });
    const professionalId = optionalBodyId(body?.professionalId, 'professionalId');
    const orderDetailId = optionalBodyId(body?.orderDetailId, 'orderDetailId');
    const checked = checkReview(body?.rating, body?.comment);
    const errors = [
      ...(professionalId === undefined ? [{ field: 'professionalId', message: 'professionalId es obligatorio' }] : []),
      ...(checked.ok ? [] : checked.errors),
    ];
    if (errors.length > 0 || !checked.ok || professionalId === undefined) throw badRequest(errors);

    if (!(await this.catalog.exists(professionalId)))
      throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el profesional ${professionalId}` });
    // The booking: the one named, or the newest paid one not yet reviewed (else the newest paid one).
    const paid = await this.orders.paidLineIds(actor.id, professionalId, orderDetailId);
    if (paid.length === 0) throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: NOT_BOOKED });
    const reviewed = await this.reviewsOf(paid);
    const booking = paid.find((id) => !reviewed.has(id)) ?? paid[0];
    return this.outbox.transaction(async (manager) => {
      const { updated, ...review } = await this.reviews.upsert(manager, {
        professionalId,
        clientId: actor.id,
        orderDetailId: booking,
        comment: checked.value.comment,
        rating: checked.value.rating,
      });
      await this.outbox.record(manager, 'ReviewCreated', { reviewId: review.id, professionalId });
      return { review, updated };
    });
  }

  private async reviewsOf(orderDetailIds: number[]): Promise<Set<number>> {
    return new Set((await this.reviews.ofBookings(orderDetailIds)).map((review) => review.orderDetailId!));
  }
}
