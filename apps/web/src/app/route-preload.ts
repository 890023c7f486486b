import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router-dom';
import { professionalsQueryOptions } from '../features/catalog/api/get-professionals';
import { listingFromUrl } from '../features/catalog/lib/listing-url';
import { reviewsQueryOptions } from '../features/detail/api/get-reviews';
import { detailIdOf } from '../features/detail/lib/detail-id';
import { professionalQueryOptions } from '../shared/api/get-professional';
import { professionsQueryOptions } from '../shared/api/get-professions';
import { sessionQueryOptions } from '../shared/api/get-session';
import { localityQueryOptions } from '../features/localities/api/localities';
import { ROUTES, type FirstServed, type Preload } from './route-manifest';
import { pageOf } from './route-pages';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's queries have their own data types
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** A first page's chunk and the queries it shows (the page's own: same keys and answers). */
export interface FirstPage {
  loadChunk: () => Promise<unknown>;
  queries: AnyQuery[];
}

/**
 * Each preload's query for the route's parameters and query string; null when they name no page (`/detail/abc`), and
 * an empty list when this page has nothing of that to ask (a listing near no place).
 */
const PRELOADS: Record<Preload, (params: Params, search: string) => AnyQuery | AnyQuery[] | null> = {
  professionals: (params, search) => professionalsQueryOptions(listingFromUrl(params.profession, search)),
  // The listing's heading names its place ("Profesionales cerca de Caballito").
  place: (params, search) => {
    const { near } = listingFromUrl(params.profession, search);
    return near === null ? [] : localityQueryOptions(near);
  },
  professions: () => professionsQueryOptions(),
  professional: (params) => withId(params.id, professionalQueryOptions),
  reviews: (params) => withId(params.id, reviewsQueryOptions),
  session: () => sessionQueryOptions(),
};

function withId(raw: string | undefined, queryOf: (id: number) => AnyQuery): AnyQuery | null {
  const id = detailIdOf(raw);
  return id === null ? null : queryOf(id);
}

/**
 * The chunk and queries of the page at the URL when its route preloads anything (and, given `firstServed`, is served
 * so); null for any other page.
 */
export function firstPageOf({ pathname, search }: { pathname: string; search: string }, firstServed?: FirstServed): FirstPage | null {
  for (const route of ROUTES) {
    if (!route.preloads || (firstServed && route.firstServed !== firstServed)) continue;
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const queries = route.preloads.map((preload) => PRELOADS[preload](match.params, search));
    if (queries.some((query) => query === null)) return null;
    const { chunk } = pageOf(route);
    return { loadChunk: () => chunk?.load() ?? Promise.resolve(), queries: (queries as (AnyQuery | AnyQuery[])[]).flat() };
  }
  return null;
}

/**
 * What the first page shows, asked for while the app starts: the route's chunk and its data at once, instead of one
 * after the other (the chunk, then its first render, then its queries). The queries are the pages' own (same keys), so
 * the pages find them under way or done; what the server already sent with the page (see main.tsx) is not asked again.
 * The visitor's own pages ask only for the session: what else they show, they ask for once started (see CalendarCard).
 */
export function preloadRoute(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  const page = firstPageOf(location);
  if (!page) return;
  void page.loadChunk();
  for (const query of page.queries) void queryClient.prefetchQuery(query);
}
