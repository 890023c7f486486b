import {
  DEFAULT_LISTING_QUERY,
  DISTANCE_SORT,
  hasControlCharacters,
  isLocalityId,
  LISTING_ORDERS,
  LISTING_SORTS,
  MAX_PROFESSION_FILTERS,
  MAX_RATING,
  MAX_SEARCH_LENGTH,
  normalizeSearchText,
  professionKey,
  stripInvisibleFormatting,
  type ListingOrder,
  type ListingQuery,
  type ListingSort,
} from '@oficios/domain';
import { professionPath } from '../../../shared/lib/profession-path';

/*
 * The listing's whole state lives in its URL, so any listing can be reloaded, shared and navigated back to:
 *
 *   /home                                 no profession chosen
 *   /home/{profession}                    exactly one (the spec's route, as the landing and detail pages link it)
 *   /home?professions=plomero,gasista     several, in the order they were chosen (the chips' order)
 *
 * then `near` (a locality's id: "cerca de"), `rating`, `sort` + `order`, `search` (normalised) and `page` (above 1), named
 * as the API's listing
 * parameters. Defaults are left out, so equal listings have equal URLs. Reading is lenient: a URL may have been
 * typed, truncated or hand-edited, so each missing, malformed or unknown value falls back to its default alone.
 */

/** Text from the URL, or null when it carries control characters (the API would refuse it). */
function cleanText(raw: string | null): string | null {
  if (raw === null || hasControlCharacters(raw)) return null;
  return stripInvisibleFormatting(raw).trim();
}

function wholeNumber(raw: string | null, min: number, max: number): number | null {
  const text = cleanText(raw);
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function oneOf<T extends string>(allowed: readonly T[], raw: string | null): T | null {
  const text = cleanText(raw)?.toLowerCase();
  return allowed.find((value) => value.toLowerCase() === text) ?? null;
}

/** The path's profession first, then the `professions` list; 'all' means none, as in the API. */
function readProfessions(pathProfession: string | undefined, params: URLSearchParams): string[] {
  const names = [pathProfession ?? '', ...params.getAll('professions')]
    .flatMap((value) => value.split(','))
    .map((value) => (hasControlCharacters(value) ? '' : professionKey(stripInvisibleFormatting(value))))
    .filter((name) => name !== '');
  if (names.includes('all')) return [];
  const unique = [...new Set(names)];
  return unique.length > MAX_PROFESSION_FILTERS ? [] : unique;
}

function readSearch(raw: string | null): string {
  const text = cleanText(raw);
  if (text === null || text.length > MAX_SEARCH_LENGTH) return '';
  return normalizeSearchText(text);
}

function readNear(raw: string | null): string | null {
  const text = cleanText(raw);
  return text !== null && isLocalityId(text) ? text : null;
}

/**
 * A sort as the URL keeps it: distance is the default with a place (so left out, as null) and means nothing without
 * one.
 */
function normalSort(sort: ListingSort | null): ListingSort | null {
  return sort === DISTANCE_SORT ? null : sort;
}

/** The listing a URL describes: its `:profession` route parameter (decoded) and its query string. */
export function listingFromUrl(pathProfession: string | undefined, search: string): ListingQuery {
  const params = new URLSearchParams(search);
  const sort = normalSort(oneOf<ListingSort>(LISTING_SORTS, params.get('sort')));
  return {
    ...DEFAULT_LISTING_QUERY,
    professions: readProfessions(pathProfession, params),
    rating: wholeNumber(params.get('rating'), 1, MAX_RATING),
    sort,
    // An order without a sort means nothing: keep the default so equal listings compare equal.
    order: (sort && oneOf<ListingOrder>(LISTING_ORDERS, params.get('order'))) ?? DEFAULT_LISTING_QUERY.order,
    search: readSearch(params.get('search')),
    page: wholeNumber(params.get('page'), 1, Number.MAX_SAFE_INTEGER) ?? 1,
    near: readNear(params.get('near')),
  };
}

/** Percent-encodes a query value; commas stay readable where they separate a list. */
function encodeValue(value: string, list = false): string {
  const encoded = encodeURIComponent(value);
  return list ? encoded.replace(/%2C/g, ',') : encoded;
}

/**
 * The URL of a listing. `nameOf` gives a profession's display spelling for the path
 * (`/home/t%C3%A9cnico%20PC`, as the landing page links it); query values keep the lower-case keys.
 */
export function listingUrl(query: ListingQuery, nameOf: (key: string) => string = (key) => key): string {
  const { professions } = query;
  const path = professionPath(professions.length === 1 ? nameOf(professions[0]!) : null);
  const params: string[] = [];
  if (professions.length > 1) params.push(`professions=${encodeValue(professions.join(','), true)}`);
  if (query.near !== null) params.push(`near=${query.near}`);
  if (query.rating !== null) params.push(`rating=${query.rating}`);
  const sort = normalSort(query.sort);
  if (sort !== null) params.push(`sort=${sort}`, `order=${query.order}`);
  if (query.search !== '') params.push(`search=${encodeValue(query.search)}`);
  if (query.page > 1) params.push(`page=${query.page}`);
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}
