import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListingQuery, ProfessionalDetail, ProfessionalListItem, Profession } from '@oficios/domain';
import { DataSource } from 'typeorm';

/** Columns of a listing item, as JSON numbers where the contract says so. */
const ITEM_COLUMNS = `
  u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  u.phone_number AS "phoneNumber", u.address, u.profile_img AS "profileImg",
  COALESCE(u.available_days, '{}') AS "availableDays",
  COALESCE(u.day_price, 0)::float8 AS "dayPrice", u.rating::int AS rating, u.reputation`;

const PROFESSIONS_OF_U = `
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id)
            FROM professional_professions pp JOIN professions p ON p.id = pp.profession_id
            WHERE pp.professional_id = u.id), '[]'::json) AS professions`;

/** ORDER BY for each sort; every one ends on id so pages never overlap (same as the domain's compareForListing). */
function orderBy(query: ListingQuery, alias: string): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  if (query.sort === 'firstName') return `${alias}.search_name COLLATE "C" ${direction}, ${alias}.id ASC`;
  if (query.sort === 'rating') return `${alias}.rating ${direction}, ${alias}.id ASC`;
  return `${alias}.id ASC`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Catalogue reads in SQL: the listing's filters, sorts and pages run in Postgres on indexed columns. */
@Injectable()
export class ProfessionalsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findProfessions(): Promise<Profession[]> {
    return this.dataSource.query('SELECT id, name FROM professions ORDER BY id');
  }

  /** Profession ids by lower-cased name; names that do not exist are left out. */
  async findProfessionIds(names: string[]): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query('SELECT id FROM professions WHERE lower(name) = ANY($1)', [names]);
    return rows.map((row) => row.id);
  }

  /** Every professional, by id: the spec's plain `GET /home/professionals`. */
  async findAll(): Promise<ProfessionalListItem[]> {
    return this.dataSource.query(`
      SELECT ${ITEM_COLUMNS}, COALESCE(pr.professions, '[]'::json) AS professions
      FROM users u
      LEFT JOIN (
        SELECT pp.professional_id, json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id) AS professions
        FROM professional_professions pp JOIN professions p ON p.id = pp.profession_id
        GROUP BY pp.professional_id
      ) pr ON pr.professional_id = u.id
      WHERE u.type = 'profesional'
      ORDER BY u.id`);
  }

  /**
   * One page of the listing plus the total. `professionIds` are the ids of the
   * chosen professions, all of which must be present.
   */
  async findPage(
    query: ListingQuery,
    professionIds: number[],
    total: (count: () => Promise<number>) => Promise<number> = (count) => count(),
  ): Promise<{ items: ProfessionalListItem[]; total: number }> {
    const params: unknown[] = [];
    const where = [`u.type = 'profesional'`];
    if (query.rating !== null) {
      params.push(query.rating);
      where.push(`u.rating = $${params.length}`);
    }
    if (query.search !== '') {
      params.push(`%${escapeLike(query.search)}%`);
      where.push(`u.search_name LIKE $${params.length}`);
    }
    // One EXISTS per chosen profession: Postgres can then walk the sort index and stop after a page,
    // instead of collecting every professional of the profession first.
    for (const professionId of professionIds) {
      params.push(professionId);
      where.push(
        `EXISTS (SELECT 1 FROM professional_professions pp WHERE pp.professional_id = u.id AND pp.profession_id = $${params.length})`,
      );
    }
    const filter = where.join(' AND ');
    const pageParams = [...params, query.pageSize, (query.page - 1) * query.pageSize];
    const [items, totalCount] = await Promise.all([
      this.dataSource.query(
        `WITH page AS MATERIALIZED (
           SELECT u.id, u.search_name, u.rating FROM users u WHERE ${filter}
           ORDER BY ${orderBy(query, 'u')} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
         SELECT ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}
         FROM page JOIN users u ON u.id = page.id
         ORDER BY ${orderBy(query, 'page')}`,
        pageParams,
      ),
      total(async () => {
        // The most common filter, one profession alone, is counted from the link table's index: only
        // professionals have professions, so it needs no visit to users (constant time as the catalogue grows).
        if (professionIds.length === 1 && query.rating === null && query.search === '') {
          const [{ total }] = await this.dataSource.query(
            'SELECT count(*)::int AS total FROM professional_professions WHERE profession_id = $1',
            professionIds,
          );
          return total as number;
        }
        return (await this.dataSource.query(`SELECT count(*)::int AS total FROM users u WHERE ${filter}`, params))[0].total as number;
      }),
    ]);
    return { items, total: totalCount };
  }

  /** Professionals whose normalised full name contains the text, by name. */
  async searchByName(search: string, limit: number): Promise<ProfessionalListItem[]> {
    return this.dataSource.query(
      `SELECT ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}
       FROM users u WHERE u.type = 'profesional' AND u.search_name LIKE $1
       ORDER BY u.search_name COLLATE "C", u.id LIMIT $2`,
      [`%${escapeLike(search)}%`, limit],
    );
  }

  /** The detail with its reviews (newest first) in one round trip. */
  async findDetail(id: number): Promise<ProfessionalDetail | null> {
    const rows = await this.dataSource.query(
      `SELECT ${ITEM_COLUMNS}, u.about_me AS "aboutMe", ${PROFESSIONS_OF_U},
              COALESCE((SELECT json_agg(json_build_object(
                  'id', r.id, 'clientId', r.client_id, 'professionalId', r.professional_id, 'comment', r.comment,
                  'rating', r.rating, 'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'client', json_build_object('id', c.id, 'firstName', c.first_name, 'profileImg', c.profile_img)) ORDER BY r.id DESC)
                FROM reviews r JOIN users c ON c.id = r.client_id WHERE r.professional_id = u.id), '[]'::json) AS reviews
       FROM users u WHERE u.id = $1 AND u.type = 'profesional'`,
      [id],
    );
    return rows[0] ?? null;
  }
}
