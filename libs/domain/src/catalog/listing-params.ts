import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_RATING, PAGE_SIZE } from '../constants';
import { isLocalityId } from '../geo/locality';
import { parseWith, type FieldError } from '../validation/field-errors';
import {
  DISTANCE_SORT,
  LISTING_ORDERS,
  LISTING_PARAMS,
  LISTING_SORTS,
  MAX_PROFESSION_FILTERS,
  MAX_SEARCH_LENGTH,
  type ListingOrder,
  type ListingQuery,
  type ListingSort,
} from './listing';
import { normalizeSearchText, professionKey } from './text';

/*
 * The listing's query parameters as the API reads them (zod schemas): apart from the listing's rules (listing.ts),
 * which the web's first page uses too, so that its bundle does not carry zod.
 */

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

export const NEAR_MESSAGES = {
  malformed: 'near debe ser el id de una localidad (8 a 10 dígitos del INDEC)',
  distanceWithoutNear: 'sort=distance necesita near (la localidad desde donde medir)',
  distanceDescending: 'sort=distance admite solo order=asc (los más cercanos primero)',
} as const;

/** The listing's query parameters as they arrive, each optional and each checked on its own. */
export const listingParamsSchema = z
  .object({
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
    // Its existence is the API's to check (an unknown locality is a 400 too).
    near: queryText.pipe(z.string().refine((value) => value === '' || isLocalityId(value), NEAR_MESSAGES.malformed)).optional(),
  })
  // Distance needs a place to measure from, and is always nearest first.
  .superRefine((params, ctx) => {
    if (params.sort !== DISTANCE_SORT) return;
    if (!params.near) ctx.addIssue({ code: 'custom', path: ['sort'], message: NEAR_MESSAGES.distanceWithoutNear });
    else if (params.order === 'desc') ctx.addIssue({ code: 'custom', path: ['order'], message: NEAR_MESSAGES.distanceDescending });
  });

export type ListingParams = z.output<typeof listingParamsSchema>;

function toListingQuery(raw: ListingParams): ListingQuery {
  const near = raw.near ? raw.near : null;
  return {
    professions: raw.professions ?? [],
    rating: raw.rating ?? null,
    search: raw.search ?? '',
    // With a place and no sort chosen, nearest first ("Distancia").
    sort: raw.sort ? (raw.sort as ListingSort) : near ? DISTANCE_SORT : null,
    order: raw.order ? (raw.order as ListingOrder) : 'asc',
    page: raw.page ?? 1,
    pageSize: raw.pageSize ?? PAGE_SIZE,
    near,
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
