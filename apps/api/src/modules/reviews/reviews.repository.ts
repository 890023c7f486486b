import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SavedReview } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** A review before its author's name and picture are attached. */
export type ReviewRecord = SavedReview;

const REVIEW_COLUMNS = `r.id, r.client_id AS "clientId", r.professional_id AS "professionalId", r.order_detail_id AS "orderDetailId",
  r.comment, r.rating::int AS rating, r.created_at AS "createdAt"`;

/** The reviews (`reviews`). */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Reviews, newest first; of one professional when given; at most `limit` when given. */
  async find(professionalId?: number, limit?: number): Promise<ReviewRecord[]> {
    const params: unknown[] = [];
    let where = '';
    if (professionalId !== undefined) {
      params.push(professionalId);
      where = `WHERE r.professional_id = $${params.length}`;
    }
    let limitClause = '';
    if (limit !== undefined) {
      params.push(limit);
      limitClause = `LIMIT $${params.length}`;
    }
    return this.dataSource.query(`SELECT ${REVIEW_COLUMNS} FROM reviews r ${where} ORDER BY r.id DESC ${limitClause}`, params);
  }

  /** The reviews of these bookings (order lines). */
  ofBookings(orderDetailIds: number[]): Promise<ReviewRecord[]> {
    if (orderDetailIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.order_detail_id = ANY($1::int[])`, [orderDetailIds]);
  }

  /** Saves the booking's review (a second one of the same booking replaces the first); `updated` tells which. */
  async upsert(
    manager: EntityManager,
    review: { professionalId: number; clientId: number; orderDetailId: number; comment: string; rating: number },
  ): Promise<ReviewRecord & { updated: boolean }> {
    const [saved] = await manager.query(
      `INSERT INTO reviews (professional_id, client_id, order_detail_id, comment, rating) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_detail_id) WHERE order_detail_id IS NOT NULL
       DO UPDATE SET comment = EXCLUDED.comment, rating = EXCLUDED.rating
       RETURNING id, client_id AS "clientId", professional_id AS "professionalId", order_detail_id AS "orderDetailId", comment,
                 rating::int AS rating, created_at AS "createdAt", (xmax <> 0) AS updated`,
      [review.professionalId, review.clientId, review.orderDetailId, review.comment, review.rating],
    );
    return saved;
  }

  /** Every rating the professional received (in the caller's transaction). */
  async ratingsOf(manager: EntityManager, professionalId: number): Promise<number[]> {
    const rows: { rating: number }[] = await manager.query('SELECT rating FROM reviews WHERE professional_id = $1', [professionalId]);
    return rows.map((row) => Number(row.rating));
  }
}
