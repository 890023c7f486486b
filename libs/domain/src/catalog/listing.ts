import { MAX_PAGE_SIZE, MAX_RATING, PAGE_SIZE } from '../constants';
import { z } from 'zod';
import { parseWith, type FieldError } from '../validation/field-errors';
import type { ListingPage, ProfessionalListItem } from './catalog.types';
import { nameSortKey, normalizeSearchText, professionKey } from './text';

/**
 * The professionals listing's rules (spec section 4, "Listing"), written once:
 * the API parses queries with them and its SQL must answer what `applyListing`
 * answers; the web builds its filters and URLs with them.
 */
export const LISTING_SORTS = ['firstName', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_ORDERS = ['asc', 'desc'] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];
export const MAX_SEARCH_LENGTH = 100;
export const MAX_PROFESSION_FILTERS = 12;

export interface ListingQuery {
  /** Lower-cased profession names that must all be present; empty means all. */
  professions: string[];
  /** Exact whole-star rating, or null for 'Todas'. */
  rating: number | null;
  /** Normalised name text, '' for none. */
  search: string;
  sort: ListingSort | null;
  order: ListingOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_LISTING_QUERY: ListingQuery = {
  professions: [],
  rating: null,
  search: '',
  sort: null,
  order: 'asc',
  page: 1,
  pageSize: PAGE_SIZE,
};

/** The query parameters the listing understands. */
export const LISTING_PARAMS = ['page', 'pageSize', 'professions', 'rating', 'sort', 'order', 'search'] as const;

export type ParseResult = { ok: true; query: ListingQuery } | { ok: false; errors: FieldError[] };

type RawValue = string | string[] | undefined;

/** A query parameter as Express reads it: text, or several texts when repeated (the last one counts). */
const queryText = z
  .union([z.string(), z.array(z.string())])
  .transform((raw) => (Array.isArray(raw) ? (raw[raw.length - 1] ?? '') : raw).trim());

function wholeNumber(message: string, min: number, max: number) {
  return queryText.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );
}

/** Lower-case choice among `options`; '' means the default. */
function choice<T extends string>(options: readonly T[], name: string) {
  return queryText.pipe(
    z
      .string()
      .toLowerCase()
      .refine((value) => value === '' || (options as readonly string[]).includes(value), `${name} debe ser uno de: ${options.join(', ')}`),
  );
}

const RATING_MESSAGE = `rating debe ser 'all' o un entero entre 1 y ${MAX_RATING}`;

/** The listing's query parameters as they arrive, each optional and each checked on its own. */
export const listingParamsSchema = z.object({
  page: wholeNumber('page debe ser un entero mayor o igual a 1', 1, Number.MAX_SAFE_INTEGER).optional(),
  pageSize: wholeNumber(`pageSize debe ser un entero entre 1 y ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE).optional(),
  // Comma-separated and/or repeated names, any case; 'all' means no filter.
  professions: z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => {
      const names = ([] as string[])
        .concat(raw)
        .flatMap((value) => value.split(','))
        .map(professionKey)
        .filter((name) => name !== '');
      return names.includes('all') ? [] : [...new Set(names)];
    })
    .pipe(z.array(z.string()).max(MAX_PROFESSION_FILTERS, `professions admite como maximo ${MAX_PROFESSION_FILTERS} nombres`))
    .optional(),
  rating: queryText
    .transform((value) => value.toLowerCase())
    .pipe(
      z.union([
        z.enum(['', 'all']).transform(() => null),
        z
          .string()
          .regex(/^\d{1,9}$/, RATING_MESSAGE)
          .transform(Number)
          .pipe(z.number().min(1, RATING_MESSAGE).max(MAX_RATING, RATING_MESSAGE)),
      ]),
    )
    .optional(),
  sort: queryText
    .pipe(
      z
        .string()
        .refine(
          (value) => value === '' || (LISTING_SORTS as readonly string[]).includes(value),
          `sort debe ser uno de: ${LISTING_SORTS.join(', ')}`,
        ),
    )
    .optional(),
  order: choice(LISTING_ORDERS, 'order').optional(),
  search: z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => (Array.isArray(raw) ? (raw[raw.length - 1] ?? '') : raw))
    .pipe(z.string().max(MAX_SEARCH_LENGTH, `search admite como maximo ${MAX_SEARCH_LENGTH} caracteres`).transform(normalizeSearchText))
    .optional(),
});

export type ListingParams = z.output<typeof listingParamsSchema>;

function toListingQuery(raw: ListingParams): ListingQuery {
  return {
    professions: raw.professions ?? [],
    rating: raw.rating ?? null,
    search: raw.search ?? '',
    sort: raw.sort ? (raw.sort as ListingSort) : null,
    order: raw.order ? (raw.order as ListingOrder) : 'asc',
    page: raw.page ?? 1,
    pageSize: raw.pageSize ?? PAGE_SIZE,
  };
}

/** The listing page's URL and `GET /home/professionals`' parameters as a whole ListingQuery, defaults filled in. */
export const listingQuerySchema = listingParamsSchema.transform(toListingQuery);

/** `GET /home/professionals`: without any listing parameter the spec's plain list (null), else one page's query. */
export function listingRequestOf(params: ListingParams): ListingQuery | null {
  return Object.values(params).some((value) => value !== undefined) ? toListingQuery(params) : null;
}

/** `GET /home?search=`: the name text, required. */
export const nameSearchSchema = z.object({
  search: z
    .string({ error: 'search es obligatorio' })
    .max(MAX_SEARCH_LENGTH, `search admite como maximo ${MAX_SEARCH_LENGTH} caracteres`)
    .transform(normalizeSearchText)
    .pipe(z.string().min(1, 'search es obligatorio')),
});

/** Reads query-string values into a ListingQuery, naming every bad parameter. */
export function parseListingQuery(raw: Record<string, RawValue>): ParseResult {
  const result = parseWith(listingQuerySchema, raw, LISTING_PARAMS);
  return result.ok ? { ok: true, query: result.value } : result;
}

/** The query-string form of a ListingQuery (defaults left out), for URLs and cache keys. */
export function listingQueryToParams(query: ListingQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(query.page) };
  if (query.pageSize !== PAGE_SIZE) params.pageSize = String(query.pageSize);
  if (query.professions.length > 0) params.professions = [...query.professions].sort().join(',');
  if (query.rating !== null) params.rating = String(query.rating);
  if (query.search !== '') params.search = query.search;
  if (query.sort !== null) {
    params.sort = query.sort;
    params.order = query.order;
  }
  return params;
}

/** Whether a professional passes the query's filters. */
export function matchesListingFilters(item: ProfessionalListItem, query: ListingQuery): boolean {
  if (query.rating !== null && item.rating !== query.rating) return false;
  if (query.professions.length > 0) {
    const own = new Set(item.professions.map((p) => professionKey(p.name)));
    if (!query.professions.every((name) => own.has(name))) return false;
  }
  if (query.search !== '' && !nameSortKey(item.firstName, item.lastName).includes(query.search)) return false;
  return true;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Listing order: by the chosen key in the chosen direction, ties always by id
 * ascending so pages never overlap. Names compare by their normalised form in
 * code-unit order (the database uses COLLATE "C" on the same form).
 */
export function compareForListing(a: ProfessionalListItem, b: ProfessionalListItem, query: ListingQuery): number {
  let byKey = 0;
  if (query.sort === 'firstName') {
    byKey = compareCodeUnits(nameSortKey(a.firstName, a.lastName), nameSortKey(b.firstName, b.lastName));
  } else if (query.sort === 'rating') {
    byKey = a.rating - b.rating;
  }
  if (query.order === 'desc') byKey = -byKey;
  return byKey !== 0 ? byKey : a.id - b.id;
}

/** Reference implementation of the listing over an in-memory list. */
export function applyListing(items: ProfessionalListItem[], query: ListingQuery): ListingPage {
  const matching = items.filter((item) => matchesListingFilters(item, query)).sort((a, b) => compareForListing(a, b, query));
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Pagination shows only when there is more than one page of results. */
export function needsPagination(total: number, pageSize: number = PAGE_SIZE): boolean {
  return total > pageSize;
}
