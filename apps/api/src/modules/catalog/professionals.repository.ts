import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DISTANCE_SORT,
  type Cents,
  type Day,
  type ListingQuery,
  type ProfessionalDetail,
  type ProfessionalListItem,
  type Profession,
} from '@oficios/domain';
import { DataSource, In, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { Professional } from './entities/professional.entity';
import { Profession as ProfessionEntity } from './entities/profession.entity';
import { listParameter, preparedQuery } from '../../database/prepared-query';
import { ListingConnections } from './listing-connections';
import { AREA_COLUMNS_OF_U, type StoredArea } from './service-areas';
import { escapeLike, inPesos, ITEM_COLUMNS, orderBy, PROFESSIONS_OF_U, commonListingStatement } from './listing-sql';
import { isCountedNear, nearByDistanceStatement, nearBySortStatement, type NearTarget } from './near-listing-sql';

/** Catalogue reads in SQL: the listing's filters, sorts and pages run in Postgres on indexed columns. */
@Injectable()
export class ProfessionalsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listingConnections: ListingConnections,
  ) {}

  async findProfessions(): Promise<Profession[]> {
    return this.dataSource.query('SELECT id, name FROM professions ORDER BY id');
  }

  /** Profession ids by lower-cased name; names that do not exist are left out. */
  async findProfessionIds(names: string[]): Promise<number[]> {
    const list = listParameter(names, 1, 'text');
    const rows = await preparedQuery<{ id: number }>(
      this.dataSource.manager,
      `SELECT id FROM professions WHERE lower(name) = ANY(${list.sql})`,
      list.values,
    );
    return rows.map((row) => row.id);
  }

  /** Every professional, by id: the spec's plain `GET /home/professionals`. */
  async findAll(): Promise<ProfessionalListItem[]> {
    const rows = await this.dataSource.query(`SELECT ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U} FROM professionals u ORDER BY u.id`);
    return rows.map((row: { dayPriceCents: string }) => inPesos(row));
  }

  /** One page of the listing's common queries and its total, in one statement (see `commonListingStatement`). */
  async findCommonPage(query: ListingQuery): Promise<{ items: ProfessionalListItem[]; total: number }> {
    const { text, values } = commonListingStatement(query);
    // On the listing's own connections, where its generic plan is always used (see ListingConnections).
    const rows = await preparedQuery<{ total: number; id: number | null; dayPriceCents: string }>(
      this.listingConnections.pool,
      text,
      values,
    );
    return {
      items: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => inPesos(row)),
      total: rows[0]?.total ?? 0,
    };
  }

  /**
   * One page of a "cerca de" listing (`near`) and its total, each item with its `distanceKm` (see near-listing-sql).
   * The common ones (no search, one profession or none) on the listing's own connections, as findCommonPage.
   */
  async findNearPage(query: ListingQuery, target: NearTarget): Promise<{ items: ProfessionalListItem[]; total: number }> {
    const { text, values } =
      query.sort === DISTANCE_SORT
        ? nearByDistanceStatement(query, target)
        : nearBySortStatement(query, target, (alias) => orderBy(query, alias));
    const rows = await preparedQuery<{ total: number; id: number | null; dayPriceCents: string }>(
      isCountedNear(query) ? this.listingConnections.pool : this.dataSource.manager,
      text,
      values,
    );
    return {
      items: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => inPesos(row)),
      total: rows[0]?.total ?? 0,
    };
  }

  /**
   * One page of the listing plus the total, for the other queries (a search, several professions). `professionIds`
   * are the ids of the chosen professions, all of which must be present.
   */
  async findPage(
    query: ListingQuery,
    professionIds: number[],
    total: (count: () => Promise<number>) => Promise<number> = (count) => count(),
  ): Promise<{ items: ProfessionalListItem[]; total: number }> {
    const params: unknown[] = [];
    const where = ['TRUE'];
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
    // Prepared statements, one per combination of filters and sort (a few dozen texts): Postgres keeps a statement's
    // generic plan only where it looks as good as one planned for the values, and planning was a third of the work.
    const [items, totalCount] = await Promise.all([
      preparedQuery<{ dayPriceCents: string }>(
        this.dataSource.manager,
        `WITH page AS MATERIALIZED (
           SELECT u.id, u.search_name, u.rating FROM professionals u WHERE ${filter}
           ORDER BY ${orderBy(query, 'u')} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
         SELECT ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}
         FROM page JOIN professionals u ON u.id = page.id
         ORDER BY ${orderBy(query, 'page')}`,
        pageParams,
      ),
      total(async () => {
        const [{ total }] = await preparedQuery<{ total: number }>(
          this.dataSource.manager,
          `SELECT count(*)::int AS total FROM professionals u WHERE ${filter}`,
          params,
        );
        return total;
      }),
    ]);
    return { items: items.map((row) => inPesos(row)), total: totalCount };
  }

  /** Professionals whose normalised full name contains the text, by name. */
  async searchByName(search: string, limit: number): Promise<ProfessionalListItem[]> {
    const rows = await this.dataSource.query(
      `SELECT ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}
       FROM professionals u WHERE u.search_name LIKE $1
       ORDER BY u.search_name COLLATE "C", u.id LIMIT $2`,
      [`%${escapeLike(search)}%`, limit],
    );
    return rows.map((row: { dayPriceCents: string }) => inPesos(row));
  }

  /** The detail: the listing item plus what the professional says about itself and its area's ids (StoredArea). */
  async findDetail(id: number): Promise<StoredDetail | null> {
    // Prepared, as the listing's statements: planning this read cost Postgres three times what running it did.
    const rows = await preparedQuery<{ dayPriceCents: string }>(
      this.dataSource.manager,
      `SELECT ${ITEM_COLUMNS}, u.about_me AS "aboutMe", ${PROFESSIONS_OF_U}, ${AREA_COLUMNS_OF_U} FROM professionals u WHERE u.id = $1`,
      [id],
    );
    return rows[0] ? inPesos<StoredDetail>(rows[0]) : null;
  }

  /** What booking the professionals needs (price, days, name); inside a transaction when given its `manager`. */
  async bookingTermsOf(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<BookingTerms[]> {
    if (ids.length === 0) return [];
    const list = listParameter(ids, 1, 'int');
    const rows = await preparedQuery<Omit<BookingTerms, 'dayPriceCents'> & { dayPriceCents: string }>(
      manager,
      `SELECT id, first_name AS "firstName", last_name AS "lastName", day_price_cents AS "dayPriceCents", available_days AS "availableDays"
       FROM professionals WHERE id = ANY(${list.sql})`,
      list.values,
    );
    return rows.map((row) => ({ ...row, dayPriceCents: centsFromDb(row.dayPriceCents) }));
  }

  /** How other screens show a professional (name and picture). */
  summariesOf(ids: number[]): Promise<ProfessionalSummary[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", profile_img AS "profileImg" FROM professionals WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /**
   * How carts and order summaries show a professional (name, picture, professions ordered by id) with its booking
   * terms, in one statement: the cart and the checkout need both.
   */
  async bookingCardsOf(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<BookingCard[]> {
    if (ids.length === 0) return [];
    const list = listParameter(ids, 1, 'int');
    const rows = await preparedQuery<Omit<BookingCard, 'dayPriceCents'> & { dayPriceCents: string }>(
      manager,
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_img AS "profileImg",
              u.day_price_cents AS "dayPriceCents", u.available_days AS "availableDays", ${PROFESSIONS_OF_U}
       FROM professionals u WHERE u.id = ANY(${list.sql})`,
      list.values,
    );
    return rows.map((row) => ({ ...row, dayPriceCents: centsFromDb(row.dayPriceCents) }));
  }

  /** The professional with its professions, locked for the rest of the transaction. */
  async lockProfile(manager: EntityManager, id: number): Promise<Professional | null> {
    const profile = await manager.getRepository(Professional).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (profile) profile.professions = await this.professionsOfProfile(manager, id);
    return profile;
  }

  private professionsOfProfile(manager: EntityManager, id: number): Promise<ProfessionEntity[]> {
    return manager.query(
      `SELECT p.id, p.name FROM professional_professions pp JOIN professions p ON p.id = pp.profession_id
       WHERE pp.professional_id = $1 ORDER BY p.id`,
      [id],
    );
  }

  /** The professional's own fields and professions, as its account answers show them. */
  async findProfile(id: number): Promise<Professional | null> {
    const profile = await this.dataSource.getRepository(Professional).findOne({ where: { id } });
    if (profile) profile.professions = await this.professionsOfProfile(this.dataSource.manager, id);
    return profile;
  }

  /** Professions by lower-cased name (the ones that exist). */
  findProfessionsByName(manager: EntityManager, names: string[]): Promise<ProfessionEntity[]> {
    if (names.length === 0) return Promise.resolve([]);
    return manager.getRepository(ProfessionEntity).createQueryBuilder('p').where('lower(p.name) IN (:...names)', { names }).getMany();
  }

  /** Saves the profile and, when given, its professions. */
  async saveProfile(manager: EntityManager, profile: Professional): Promise<void> {
    await manager.getRepository(Professional).save(profile);
  }

  createProfile(manager: EntityManager, fields: Partial<Professional>): Professional {
    return manager.getRepository(Professional).create(fields);
  }

  /** Locks the professional's row (rating recomputations of one professional take turns). */
  async lockForRating(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM professionals WHERE id = $1 FOR UPDATE', [id]);
    return rows.length > 0;
  }

  async setRating(manager: EntityManager, id: number, rating: number, reputation: number): Promise<void> {
    await manager.query('UPDATE professionals SET rating = $2, reputation = $3, updated_at = now() WHERE id = $1', [
      id,
      rating,
      reputation,
    ]);
  }

  /** "Datos de la Pagina": professionals, professions and professionals per profession. */
  async statistics(): Promise<CatalogStatistics> {
    const [row]: CatalogStatistics[] = await this.dataSource.query(`
      SELECT (SELECT count(*) FROM professionals)::int AS professionals,
             (SELECT count(*) FROM professions)::int AS professions,
             COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'professionals', coalesce(c.n, 0)) ORDER BY p.id)
                       FROM professions p
                       LEFT JOIN (SELECT profession_id, count(*)::int AS n FROM professional_professions GROUP BY 1) c ON c.profession_id = p.id),
                      '[]'::json) AS "byProfession"`);
    return row;
  }

  /** Which of these ids are professionals. */
  async existing(ids: number[]): Promise<number[]> {
    const found = await this.dataSource.getRepository(Professional).find({ where: { id: In(ids) }, select: { id: true } });
    return found.map((row) => row.id);
  }
}

/** The detail as its row gives it: the area as ids, resolved by ServiceAreas for the answer. */
export type StoredDetail = Omit<ProfessionalDetail, 'serviceArea'> & StoredArea;

export interface BookingTerms {
  id: number;
  firstName: string;
  lastName: string;
  dayPriceCents: Cents;
  availableDays: Day[];
}

export interface ProfessionalSummary {
  id: number;
  firstName: string;
  lastName: string;
  profileImg: string | null;
}

export interface ProfessionalCard extends ProfessionalSummary {
  professions: { id: number; name: string }[];
}

/** What a checkout needs of a professional: its booking terms and its card. */
export type BookingCard = BookingTerms & ProfessionalCard;

export interface CatalogStatistics {
  professionals: number;
  professions: number;
  byProfession: { id: number; name: string; professionals: number }[];
}
