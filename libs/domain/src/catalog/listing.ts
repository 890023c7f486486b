import { PAGE_SIZE } from '../constants';
import type { ListingPage, ProfessionalListItem } from './catalog.types';
import { nameSortKey, professionKey } from './text';

/**
 * The professionals listing's rules (spec section 4, "Listing"), written once:
 * the API parses queries with them and its SQL must answer what `applyListing`
 * answers; the web builds its filters and URLs with them.
 */
export const LISTING_SORTS = ['firstName', 'rating', 'distance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/** "Distancia": nearest first, only with `near` (and its default there); professionals without an area come last. */
export const DISTANCE_SORT = 'distance' satisfies ListingSort;
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
  /**
   * "Cerca de": a locality's INDEC id, or null. With it only professionals whose area covers the locality (and those
   * without an area, listed everywhere) are listed, each with its `distanceKm`.
   */
  near: string | null;
}

export const DEFAULT_LISTING_QUERY: ListingQuery = {
  professions: [],
  rating: null,
  search: '',
  sort: null,
  order: 'asc',
  page: 1,
  pageSize: PAGE_SIZE,
  near: null,
};

/** The query parameters the listing understands. */
export const LISTING_PARAMS = ['page', 'pageSize', 'professions', 'rating', 'sort', 'order', 'search', 'near'] as const;

/** The query-string form of a ListingQuery (defaults left out), for URLs and cache keys. */
export function listingQueryToParams(query: ListingQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(query.page) };
  if (query.pageSize !== PAGE_SIZE) params.pageSize = String(query.pageSize);
  if (query.professions.length > 0) params.professions = [...query.professions].sort().join(',');
  if (query.rating !== null) params.rating = String(query.rating);
  if (query.search !== '') params.search = query.search;
  if (query.near !== null) params.near = query.near;
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
 * code-unit order (the database uses COLLATE "C" on the same form). Distances
 * compare as shown (one decimal); the database orders by the unrounded distance
 * of each base, so two bases a few metres apart may come in either order.
 */
export function compareForListing(a: ProfessionalListItem, b: ProfessionalListItem, query: ListingQuery): number {
  let byKey = 0;
  if (query.sort === 'firstName') {
    byKey = compareCodeUnits(nameSortKey(a.firstName, a.lastName), nameSortKey(b.firstName, b.lastName));
  } else if (query.sort === 'rating') {
    byKey = a.rating - b.rating;
  } else if (query.sort === DISTANCE_SORT) {
    // Nearest first whatever the order; no distance (no area) last.
    const [da, db] = [a.distanceKm ?? Infinity, b.distanceKm ?? Infinity];
    return da !== db ? (da < db ? -1 : 1) : a.id - b.id;
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
