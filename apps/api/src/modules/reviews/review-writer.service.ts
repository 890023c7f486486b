import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { checkReview } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, optionalBodyId } from '../../common/id.pipe';
import { OutboxService } from '../outbox/outbox.service';

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
  constructor(private readonly outbox: OutboxService) {}

  async create(actor: SessionUserClaims, body: CreateReviewBody | undefined) {
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

    return this.outbox.transaction(async (manager) => {
      const [professional] = await manager.query(`SELECT id FROM users WHERE id = $1 AND type = 'profesional'`, [professionalId]);
      if (!professional)
        throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el profesional ${professionalId}` });
      // The booking: the one named, or the newest paid one not yet reviewed (else the newest paid one).
      const bookings: { id: number }[] = await manager.query(
        `SELECT od.id FROM order_details od JOIN orders o ON o.id = od.order_id
         WHERE od.client_id = $1 AND od.professional_id = $2 AND o.status IN ('procesando', 'completa')
           AND ($3::int IS NULL OR od.id = $3)
         ORDER BY EXISTS (SELECT 1 FROM reviews r WHERE r.order_detail_id = od.id), od.created_at DESC, od.id DESC
         LIMIT 1 FOR UPDATE OF od`,
        [actor.id, professionalId, orderDetailId ?? null],
      );
      if (bookings.length === 0) throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: NOT_BOOKED });
      const [saved]: {
        id: number;
        orderDetailId: number;
        comment: string;
        rating: number;
        createdAt: string;
        updated: boolean;
      }[] = await manager.query(
        `INSERT INTO reviews (professional_id, client_id, order_detail_id, comment, rating) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (order_detail_id) WHERE order_detail_id IS NOT NULL
         DO UPDATE SET comment = EXCLUDED.comment, rating = EXCLUDED.rating
         RETURNING id, order_detail_id AS "orderDetailId", comment, rating::int AS rating, created_at AS "createdAt", (xmax <> 0) AS updated`,
        [professionalId, actor.id, bookings[0].id, checked.value.comment, checked.value.rating],
      );
      await this.outbox.record(manager, 'ReviewCreated', { reviewId: saved.id, professionalId });
      const { updated, ...review } = saved;
      return { review: { ...review, clientId: actor.id, professionalId }, updated };
    });
  }
}
