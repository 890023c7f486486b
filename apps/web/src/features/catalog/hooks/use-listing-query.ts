import { professionKey, type ListingQuery, type Profession } from '@oficios/domain';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { listingFromUrl, listingUrl } from '../lib/listing-url';

export type ListingPatch = Partial<ListingQuery>;
/** A change, or a change worked out from the newest query (choosing a second profession before the first has shown). */
export type ListingChange = ListingPatch | ((current: ListingQuery) => ListingPatch);

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

  /*
   * The newest query this page navigated to. The router renders a navigation as a transition, which an urgent
   * update (opening a dropdown) interrupts: until it commits, the rendered `query` is the one before, and a change
   * built on it would drop the one just made (choose Plomero, then Gasista quickly: only Gasista). Committed
   * renders (back, forward, links) reset it.
   */
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  }, [query]);

  /** Applies a change; anything but a page change goes back to page 1. */
  const update = useCallback(
    (change: ListingChange) => {
      const current = latest.current;
      const patch = typeof change === 'function' ? change(current) : change;
      const nextQuery = { ...current, ...patch, page: patch.page ?? 1 };
      const next = listingUrl(nextQuery, nameOf);
      if (next === listingUrl(current, nameOf)) return;
      latest.current = nextQuery;
      navigate(next);
    },
    [navigate, nameOf],
  );

  return { query, update, nameOf };
}
