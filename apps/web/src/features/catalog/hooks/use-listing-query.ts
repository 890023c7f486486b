import { professionKey, type ListingQuery, type Profession } from '@oficios/domain';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { listingFromUrl, listingUrl } from '../lib/listing-url';

export type ListingPatch = Partial<ListingQuery>;

/**
 * The listing query, read from the URL and nowhere else: a change navigates to
 * the new listing's URL (a history entry of its own, so back and forward walk
 * through earlier listings), and reload, shared links and plain links to /home
 * show exactly what their URL says.
 */
export function useListingQuery(professions: Profession[] | undefined) {
  const { profession } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => listingFromUrl(profession, search), [profession, search]);

  /** Display spelling of a profession key ('técnico pc' -> 'técnico PC'). */
  const nameOf = useCallback((key: string) => professions?.find((p) => professionKey(p.name) === key)?.name ?? key, [professions]);

  /** Applies a change; anything but a page change goes back to page 1. */
  const update = useCallback(
    (patch: ListingPatch) => {
      const next = listingUrl({ ...query, ...patch, page: patch.page ?? 1 }, nameOf);
      if (next !== listingUrl(query, nameOf)) navigate(next);
    },
    [query, navigate, nameOf],
  );

  return { query, update, nameOf };
}
