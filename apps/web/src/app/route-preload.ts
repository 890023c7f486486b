import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { professionalsQueryOptions } from '../features/catalog/api/get-professionals';
import { listingFromUrl } from '../features/catalog/lib/listing-url';
import { reviewsQueryOptions } from '../features/detail/api/get-reviews';
import { detailIdOf } from '../features/detail/lib/detail-id';
import { professionalQueryOptions } from '../shared/api/get-professional';
import { professionsQueryOptions } from '../shared/api/get-professions';
import { sessionQueryOptions } from '../shared/api/get-session';

/** The routes preloaded here, as routes.tsx declares them (one spelling: a path changed there is changed here). */
export const LISTING_ROUTE = 'home/:profession?';
export const DETAIL_ROUTE = 'detail/:id';
export const MY_PROFILE_ROUTE = 'details/me';
export const ADMIN_ROUTE = 'admin';

/** A lazy route's chunk, remembered once loaded (see lazyRoute). */
interface RouteChunk<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function routeChunk<M>(importChunk: () => Promise<M>): RouteChunk<M> {
  let chunk: M | undefined;
  return { load: () => importChunk().then((loaded) => (chunk = loaded)), loaded: () => chunk };
}

/** The pages' chunks, loaded by their lazy routes (routes.tsx) and, for the first page, as early as here. */
export const catalogRouteChunk = routeChunk(() => import('./routes/catalog-route'));
export const detailRouteChunk = routeChunk(() => import('./routes/detail-route'));
/** The cart's: loaded before the build renders its page (prerender.tsx), whose first paint shows the page itself. */
export const cartRouteChunk = routeChunk(() => import('../features/cart/components/cart-page'));
/** The signed-in visitor's own pages: their profile, the admin panel. */
export const myProfileRouteChunk = routeChunk(() => import('./routes/my-profile-route'));
export const adminRouteChunk = routeChunk(() => import('../features/admin/components/admin-page'));
export const loadCatalogRoute = catalogRouteChunk.load;
export const loadDetailRoute = detailRouteChunk.load;

/**
 * React.lazy of a route's page. Once its chunk is loaded, React gets the page at once (a thenable that answers
 * synchronously, which React.lazy takes as resolved) instead of showing the route's loading placeholder for a moment:
 * a page the server sent rendered (see main.tsx) goes from its HTML to the app's render with no placeholder between.
 */
export function lazyRoute<M, P extends object>(chunk: RouteChunk<M>, pageOf: (chunk: M) => ComponentType<P>) {
  return lazy(() => {
    const loaded = chunk.loaded();
    if (loaded === undefined) return chunk.load().then((module) => ({ default: pageOf(module) }));
    const ready = { default: pageOf(loaded) };
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
}

/** A first page's chunk and the queries it shows (the page's own: same keys and answers). */
export interface FirstPage {
  loadChunk: () => Promise<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's queries have their own data types
  queries: FetchQueryOptions<any, any, any, any>[];
}

/** The listing's and the detail's (the public pages people land on), by URL; null for any other page. */
export function firstPageOf({ pathname, search }: { pathname: string; search: string }): FirstPage | null {
  const listing = matchPath(`/${LISTING_ROUTE}`, pathname);
  if (listing) {
    return {
      loadChunk: loadCatalogRoute,
      queries: [professionalsQueryOptions(listingFromUrl(listing.params.profession, search)), professionsQueryOptions()],
    };
  }
  const id = detailIdOf(matchPath(`/${DETAIL_ROUTE}`, pathname)?.params.id);
  if (id === null) return null;
  return { loadChunk: loadDetailRoute, queries: [professionalQueryOptions(id), reviewsQueryOptions(id)] };
}

/**
 * The pages that show the signed-in visitor's own data (their profile, the admin panel), by URL; null for any other
 * page. Their one query is the session (who the visitor is, with their profile): what else they show (the calendar,
 * the admin's figures), they ask for once started, in renders that do not hold the page up (see CalendarCard).
 */
export function signedInPageOf({ pathname }: { pathname: string }): FirstPage | null {
  const chunk = matchPath(`/${MY_PROFILE_ROUTE}`, pathname)
    ? myProfileRouteChunk
    : matchPath(`/${ADMIN_ROUTE}`, pathname)
      ? adminRouteChunk
      : null;
  return chunk && { loadChunk: chunk.load, queries: [sessionQueryOptions()] };
}

/**
 * What the first page shows, asked for while the app starts: the route's chunk and its data at once, instead of one
 * after the other (the chunk, then its first render, then its queries). The queries are the pages' own (same keys), so
 * the pages find them under way or done; what the server already sent with the page (see main.tsx) is not asked again.
 */
export function preloadRoute(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  const page = firstPageOf(location) ?? signedInPageOf(location);
  if (!page) return;
  void page.loadChunk();
  for (const query of page.queries) void queryClient.prefetchQuery(query);
}
