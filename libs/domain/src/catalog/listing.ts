import { MAX_PAGE_SIZE, MAX_RATING, PAGE_SIZE } from '../constants';
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

export interface FieldError {
  field: string;
  message: string;
}

export type ParseResult = { ok: true; query: ListingQuery } | { ok: false; errors: FieldError[] };

type RawValue = string | string[] | undefined;

function single(raw: RawValue): string | undefined {
  return Array.isArray(raw) ? raw[raw.length - 1] : raw;
}

function parseWholeNumber(raw: string): number | null {
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** True when a request carries any listing parameter (then it is paginated). */
export function hasListingParams(raw: Record<string, RawValue>): boolean {
  return LISTING_PARAMS.some((name) => raw[name] !== undefined);
}

/** Reads query-string values into a ListingQuery, naming every bad parameter. */
export function parseListingQuery(raw: Record<string, RawValue>): ParseResult {
  const errors: FieldError[] = [];
  const query: ListingQuery = { ...DEFAULT_LISTING_QUERY, professions: [] };

  const page = single(raw.page);
  if (page !== undefined) {
    const value = parseWholeNumber(page);
    if (value === null || value < 1) errors.push({ field: 'page', message: 'page debe ser un entero mayor o igual a 1' });
    else query.page = value;
  }

  const pageSize = single(raw.pageSize);
  if (pageSize !== undefined) {
    const value = parseWholeNumber(pageSize);
    if (value === null || value < 1 || value > MAX_PAGE_SIZE)
      errors.push({ field: 'pageSize', message: `pageSize debe ser un entero entre 1 y ${MAX_PAGE_SIZE}` });
    else query.pageSize = value;
  }

  if (raw.professions !== undefined) {
    const parts = ([] as string[])
      .concat(raw.professions)
      .flatMap((value) => value.split(','))
      .map(professionKey)
      .filter((name) => name !== '');
    const names = parts.includes('all') ? [] : [...new Set(parts)];
    if (names.length > MAX_PROFESSION_FILTERS)
      errors.push({ field: 'professions', message: `professions admite como maximo ${MAX_PROFESSION_FILTERS} nombres` });
    else query.professions = names;
  }

  const rating = single(raw.rating);
  if (rating !== undefined && rating.trim().toLowerCase() !== 'all' && rating.trim() !== '') {
    const value = parseWholeNumber(rating);
    if (value === null || value < 1 || value > MAX_RATING)
      errors.push({ field: 'rating', message: `rating debe ser 'all' o un entero entre 1 y ${MAX_RATING}` });
    else query.rating = value;
  }

  const sort = single(raw.sort);
  if (sort !== undefined && sort !== '') {
    if (!(LISTING_SORTS as readonly string[]).includes(sort))
      errors.push({ field: 'sort', message: `sort debe ser uno de: ${LISTING_SORTS.join(', ')}` });
    else query.sort = sort as ListingSort;
  }

  const order = single(raw.order);
  if (order !== undefined && order !== '') {
    const value = order.toLowerCase();
    if (!(LISTING_ORDERS as readonly string[]).includes(value))
      errors.push({ field: 'order', message: `order debe ser uno de: ${LISTING_ORDERS.join(', ')}` });
    else query.order = value as ListingOrder;
  }

  const search = single(raw.search);
  if (search !== undefined) {
    if (search.length > MAX_SEARCH_LENGTH)
      errors.push({ field: 'search', message: `search admite como maximo ${MAX_SEARCH_LENGTH} caracteres` });
    else query.search = normalizeSearchText(search);
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, query };
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
