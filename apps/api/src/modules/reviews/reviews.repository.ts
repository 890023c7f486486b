import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Review } from '@oficios/domain';
import { DataSource } from 'typeorm';

const REVIEW_COLUMNS = `
  r.id, r.client_id AS "clientId", r.professional_id AS "professionalId", r.comment, r.rating::int AS rating,
  r.created_at AS "createdAt",
  json_build_object('id', c.id, 'firstName', c.first_name, 'profileImg', c.profile_img) AS client`;

@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Reviews, newest first; of one professional when given; at most `limit` when given. */
  async find(professionalId?: number, limit?: number): Promise<Review[]> {
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
    return this.dataSource.query(
      `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users c ON c.id = r.client_id ${where} ORDER BY r.id DESC ${limitClause}`,
      params,
    );
  }
}
