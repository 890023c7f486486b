import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { professionalsQueryOptions } from '../features/catalog/api/get-professionals';
import { listingFromUrl } from '../features/catalog/lib/listing-url';
import { reviewsQueryOptions } from '../features/detail/api/get-reviews';
import { detailIdOf } from '../features/detail/lib/detail-id';
import { professionalQueryOptions } from '../shared/api/get-professional';
import { professionsQueryOptions } from '../shared/api/get-professions';

/** The routes preloaded here, as routes.tsx declares them (one spelling: a path changed there is changed here). */
export const LISTING_ROUTE = 'home/:profession?';
export const DETAIL_ROUTE = 'detail/:id';

/** The pages' chunks, loaded by their lazy routes (routes.tsx) and, for the first page, as early as here. */
export const loadCatalogRoute = () => import('./routes/catalog-route');
export const loadDetailRoute = () => import('./routes/detail-route');

/**
 * What the first page shows, asked for while the app starts: the route's chunk and its data at once, instead of one
 * after the other (the chunk, then its first render, then its queries), the listing's and the detail's being the
 * public pages people land on. The queries are the pages' own (same keys), so the pages find them under way or done.
 */
export function preloadRoute(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const listing = matchPath(`/${LISTING_ROUTE}`, pathname);
  if (listing) {
    void loadCatalogRoute();
    void queryClient.prefetchQuery(professionalsQueryOptions(listingFromUrl(listing.params.profession, search)));
    void queryClient.prefetchQuery(professionsQueryOptions());
    return;
  }
  const detail = matchPath(`/${DETAIL_ROUTE}`, pathname);
  const id = detailIdOf(detail?.params.id);
  if (id !== null) {
    void loadDetailRoute();
    void queryClient.prefetchQuery(professionalQueryOptions(id));
    void queryClient.prefetchQuery(reviewsQueryOptions(id));
  }
}
