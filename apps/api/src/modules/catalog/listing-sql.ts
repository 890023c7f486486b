import { centsToPesos, HIDDEN_CONTACT, type ListingQuery, type ProfessionalListItem } from '@oficios/domain';
import { centsFromDb } from '../../common/cents.transformer';

// The catalogue's SQL shared by its reads (ProfessionalsRepository): a listing item's columns, the sorts, and the
// listing's common statement.

/**
 * Columns of a listing item, as JSON numbers where the contract says so (the day price in cents until `inPesos`). Never
 * the contact's (e-mail, phone, street): the catalogue's answers are public and the same for everybody.
 */
export const ITEM_COLUMNS = `
  u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_img AS "profileImg", u.locality,
  u.available_days AS "availableDays", u.day_price_cents AS "dayPriceCents", u.rating::int AS rating, u.reputation`;

/** A row of ITEM_COLUMNS as the answers show it: the day price in pesos (the spec's `dayPrice`), the contact hidden. */
export function inPesos<T extends ProfessionalListItem = ProfessionalListItem>({ dayPriceCents, ...row }: { dayPriceCents: string }): T {
  return { ...row, ...HIDDEN_CONTACT, dayPrice: centsToPesos(centsFromDb(dayPriceCents)) } as unknown as T;
}

/** A professional's (alias `u`) professions, as a JSON array of {id, name} by id (kept on its row: ListedProfessions). */
export const PROFESSIONS_OF_U = `u.listed_professions AS professions`;

/** ORDER BY for each sort; every one ends on id so pages never overlap (same as the domain's compareForListing). */
export function orderBy(query: ListingQuery, alias: string, id = `${alias}.id`): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  if (query.sort === 'firstName') return `${alias}.search_name COLLATE "C" ${direction}, ${id} ASC`;
  if (query.sort === 'rating') return `${alias}.rating ${direction}, ${id} ASC`;
  return `${id} ASC`;
}

/** Whether the listing's page and total come from its kept entries and counts (see `commonListingStatement`). */
export function isCommonListing(query: ListingQuery): boolean {
  return query.search === '' && query.professions.length <= 1;
}

/**
 * The listing's common queries (no search; one profession or none, a rating or none) as one statement: the page is a
 * range of one index (`professional_listing` per profession, else `professionals`) and the total is read from
 * `professional_counts` (at most six rows), both kept by triggers (migration ListingTotals). One row per item, each
 * carrying the total; a page past the end is a single row whose `id` is null. An unknown profession matches nobody.
 */
export function commonListingStatement(query: ListingQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const [profession] = query.professions;
  const professionId = profession === undefined ? '0' : `(SELECT id FROM professions WHERE lower(name) = ${parameter(profession)})`;
  const rating = query.rating === null ? null : parameter(query.rating);
  const page =
    profession === undefined
      ? { from: 'professionals e', id: 'e.id', where: rating ? `e.rating = ${rating}` : 'TRUE' }
      : {
          from: 'professional_listing e',
          id: 'e.professional_id',
          where: `e.profession_id = ${professionId}${rating ? ` AND e.rating = ${rating}` : ''}`,
        };
  // The page's ids travel as one array, so the rest of the plan does not depend on LIMIT and OFFSET: one generic plan
  // (a range scan, then a lookup by key per item) serves every page, and the repository runs the statement where that
  // plan is always used (ListingConnections) instead of planned anew per call, which cost more than running it.
  const text = `WITH page AS MATERIALIZED (
      SELECT array_agg(s.id ORDER BY ${orderBy(query, 's')}) AS ids FROM (
        SELECT ${page.id} AS id, e.search_name, e.rating FROM ${page.from} WHERE ${page.where}
        ORDER BY ${orderBy(query, 'e', page.id)} LIMIT ${parameter(query.pageSize)} OFFSET ${parameter((query.page - 1) * query.pageSize)}) s),
    counted AS (
      SELECT COALESCE(sum(c.professionals), 0)::int AS total FROM professional_counts c
      WHERE c.profession_id = ${professionId}${rating ? ` AND c.rating = ${rating}` : ''})
    SELECT counted.total, ${ITEM_COLUMNS}, ${PROFESSIONS_OF_U}
    FROM counted LEFT JOIN (unnest((SELECT ids FROM page)) WITH ORDINALITY AS k(id, position) JOIN professionals u ON u.id = k.id) ON TRUE
    ORDER BY k.position`;
  return { text, values };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
