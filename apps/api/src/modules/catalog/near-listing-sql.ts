import type { ListingQuery, Locality } from '@oficios/domain';
import { escapeLike, ITEM_COLUMNS, PROFESSIONS_OF_U } from './listing-sql';

// The "cerca de" listing's SQL (`near`): which professionals cover a locality, their distance, and the page by distance.
// Coverage is the professional's kept `area_locality_ids` (migration NearListing: the localities within the radius of
// the base, the extras, not the excluded; `{*}` without an area), so the filter, the counts and the answers agree.

/** Where distances are measured from: the locality's point, as the localities' own (`ll_to_earth` of its centroid). */
export type NearTarget = Pick<Locality, 'id' | 'lat' | 'lon'>;

/** Statement text and values being built: `parameter` adds a value and answers its placeholder. */
class Statement {
  readonly values: unknown[] = [];
  parameter(value: unknown, cast = ''): string {
    return `$${this.values.push(value)}${cast}`;
  }
}

/** No radius reaches past 100 km (to one decimal): the nearest-first scan never looks farther (box's margin 500 m). */
const REACH_METRES = 100_500;

/** The parts every near statement shares: the target and its point, the coverage test and the distance column. */
function nearParts(statement: Statement, target: NearTarget) {
  const id = statement.parameter(target.id, '::varchar');
  const point = `ll_to_earth(${statement.parameter(target.lat, '::float8')}, ${statement.parameter(target.lon, '::float8')})`;
  return {
    id,
    point,
    /** Professionals whose area covers the target, and those without an area (listed everywhere). */
    covers: (alias: string) => `${alias}.area_locality_ids && ARRAY[${id}, '*'::varchar]`,
    /** `distanceKm`: km to one decimal (roundDistanceKm's definition), null without an area. */
    distance: (alias: string) => `round((earth_distance(${alias}.area_point, ${point}) / 1000)::numeric, 1)::float8 AS "distanceKm"`,
  };
}

/** The query's filters on professionals (alias `u`) but the place: rating, name search, every chosen profession. */
function filtersOf(statement: Statement, query: ListingQuery): string[] {
  const where: string[] = [];
  if (query.rating !== null) where.push(`u.rating = ${statement.parameter(query.rating, '::int')}`);
  if (query.search !== '') where.push(`u.search_name LIKE ${statement.parameter(`%${escapeLike(query.search)}%`)}`);
  // An unknown profession's id is null: nobody matches it.
  for (const name of query.professions)
    where.push(
      `EXISTS (SELECT 1 FROM professional_professions pp WHERE pp.professional_id = u.id
               AND pp.profession_id = (SELECT id FROM professions WHERE lower(name) = ${statement.parameter(name)}))`,
    );
  return where;
}

/** Whether the near total is read from the kept counts (no search, one profession or none), as isCommonListing. */
export function isCountedNear(query: ListingQuery): boolean {
  return query.search === '' && query.professions.length <= 1;
}

/**
 * How many professionals with an area cover the target (`covered`) and how many have none (`everywhere`), under the
 * query's filters: from `professional_near_counts` (at most twelve rows) where they are kept, else counted.
 */
function countedNear(statement: Statement, query: ListingQuery, parts: ReturnType<typeof nearParts>, filters: string[]): string {
  if (!isCountedNear(query)) {
    return `SELECT (count(*) FILTER (WHERE u.area_locality_id IS NOT NULL))::int AS covered,
                   (count(*) FILTER (WHERE u.area_locality_id IS NULL))::int AS everywhere
            FROM professionals u WHERE ${[parts.covers('u'), ...filters].join(' AND ')}`;
  }
  const [profession] = query.professions;
  const professionId =
    profession === undefined ? '0' : `(SELECT id FROM professions WHERE lower(name) = ${statement.parameter(profession)})`;
  const rating = query.rating === null ? '' : ` AND c.rating = ${statement.parameter(query.rating, '::int')}`;
  return `SELECT COALESCE(sum(c.professionals) FILTER (WHERE c.locality_id = ${parts.id}), 0)::int AS covered,
                 COALESCE(sum(c.professionals) FILTER (WHERE c.locality_id = '*'), 0)::int AS everywhere
          FROM professional_near_counts c
          WHERE c.locality_id IN (${parts.id}, '*') AND c.profession_id = ${professionId}${rating}`;
}

/**
 * The page by distance (`sort=distance`, nearest first, ties by id; professionals without an area last, by id) and the
 * total, in one statement: one row per item, each with the total; a page past the end is one row whose `id` is null.
 * - The professionals with an area come from a nearest-first scan of the bases' points (GiST, bounded to 100 km)
 *   that stops once it has the page's rows (or every covering professional, known from the counts), plus those
 *   covering the target only by an extra locality beyond the scan's reach (GIN).
 * - The page is in `area` positions 1..covered, then the professionals without an area from covered + 1.
 * The values keep the plan generic (ListingConnections): LIMIT and OFFSET are parameters, the target too.
 */
export function nearByDistanceStatement(query: ListingQuery, target: NearTarget): { text: string; values: unknown[] } {
  const statement = new Statement();
  const parts = nearParts(statement, target);
  const filters = filtersOf(statement, query);
  const counted = countedNear(statement, query, parts, filters);
  const upTo = statement.parameter((query.page - 1) * query.pageSize + query.pageSize, '::int');
  const offset = statement.parameter((query.page - 1) * query.pageSize, '::int');
  const and = filters.map((filter) => ` AND ${filter}`).join('');
  const box = `earth_box(${parts.point}, ${REACH_METRES})`;
  const metres = `earth_distance(u.area_point, ${parts.point}) AS metres`;
  const text = `WITH counted AS MATERIALIZED (${counted}),
    extra AS MATERIALIZED (
      SELECT u.id, ${metres} FROM professionals u
      WHERE u.area_extra_locality_ids <> '{}' AND u.area_extra_locality_ids @> ARRAY[${parts.id}]
        AND u.area_locality_ids @> ARRAY[${parts.id}] AND NOT (${box} @> u.area_point)${and}),
    near AS MATERIALIZED (
      SELECT u.id, ${metres} FROM professionals u
      WHERE ${box} @> u.area_point AND u.area_locality_ids @> ARRAY[${parts.id}]${and}
      ORDER BY u.area_point <-> ${parts.point}, u.id
      LIMIT GREATEST(0, LEAST(${upTo}, (SELECT covered FROM counted) - (SELECT count(*) FROM extra)))),
    area AS (
      SELECT a.id, row_number() OVER (ORDER BY a.metres, a.id) AS position
      FROM (SELECT * FROM near UNION ALL SELECT * FROM extra) a ORDER BY a.metres, a.id LIMIT ${upTo}),
    everywhere AS (
      SELECT u.id FROM professionals u WHERE u.area_locality_id IS NULL${and} ORDER BY u.id
      LIMIT GREATEST(0, ${upTo} - GREATEST(${offset}, (SELECT covered FROM counted)))
      OFFSET GREATEST(0, ${offset} - (SELECT covered FROM counted))),
    page AS MATERIALIZED (
      SELECT id, position FROM area WHERE position > ${offset}
      UNION ALL
      SELECT id, GREATEST(${offset}, (SELECT covered FROM counted)) + row_number() OVER (ORDER BY id) FROM everywhere)
    SELECT counted.covered + counted.everywhere AS total, ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}, ${parts.distance('u')}
    FROM counted LEFT JOIN (page JOIN professionals u ON u.id = page.id) ON TRUE
    ORDER BY page.position`;
  return { text, values: statement.values };
}

/**
 * The other sorts with a place (rating, name): the sort's index walked, each professional checked for coverage, and
 * the total, in one statement shaped as nearByDistanceStatement's answer.
 */
export function nearBySortStatement(
  query: ListingQuery,
  target: NearTarget,
  orderBy: (alias: string) => string,
): { text: string; values: unknown[] } {
  const statement = new Statement();
  const parts = nearParts(statement, target);
  const filters = filtersOf(statement, query);
  const counted = countedNear(statement, query, parts, filters);
  const limit = statement.parameter(query.pageSize, '::int');
  const offset = statement.parameter((query.page - 1) * query.pageSize, '::int');
  const text = `WITH counted AS MATERIALIZED (${counted}),
    page AS MATERIALIZED (
      SELECT u.id, u.search_name, u.rating FROM professionals u WHERE ${[parts.covers('u'), ...filters].join(' AND ')}
      ORDER BY ${orderBy('u')} LIMIT ${limit} OFFSET ${offset})
    SELECT counted.covered + counted.everywhere AS total, ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}, ${parts.distance('u')}
    FROM counted LEFT JOIN (page JOIN professionals u ON u.id = page.id) ON TRUE
    ORDER BY ${orderBy('page')}`;
  return { text, values: statement.values };
}
