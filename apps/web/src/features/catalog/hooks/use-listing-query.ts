import { professionKey, type ListingQuery, type Profession } from '@oficios/domain';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { professionPath } from '../../../shared/lib/profession-path';
import { listingQueryAtom } from '../../../shared/state/listing-query.atom';

export type ListingPatch = Partial<ListingQuery>;

/**
 * The listing query, kept in the jotai atom and mirrored in the URL:
 * /home/{first chosen profession} or /home when none is chosen.
 *
 * - Our own changes (`update`) write the atom first, then navigate; until the
 *   URL catches up `pending` says so, and the query waits (`ready` false).
 * - A URL we did not cause (opened directly, back/forward, a plain link to
 *   /home) wins: the atom adopts its profession as the only chip, page 1.
 */
export function useListingQuery(professions: Profession[] | undefined) {
  const { profession: param } = useParams();
  const navigate = useNavigate();
  const [query, setQuery] = useAtom(listingQueryAtom);
  const pending = useRef(false);

  const urlKey = param ? professionKey(param) : null;
  const firstKey = query.professions[0] ?? null;
  const ready = urlKey === firstKey;

  useEffect(() => {
    if (ready) {
      pending.current = false;
      return;
    }
    if (pending.current) return;
    setQuery((current) => ({ ...current, professions: urlKey ? [urlKey] : [], page: 1 }));
  }, [ready, urlKey, setQuery]);

  /** Display spelling of a profession key ('técnico pc' -> 'técnico PC'). */
  const nameOf = useCallback((key: string) => professions?.find((p) => professionKey(p.name) === key)?.name ?? key, [professions]);

  /** Applies a change; anything but a page change goes back to page 1. */
  const update = useCallback(
    (patch: ListingPatch) => {
      const next: ListingQuery = { ...query, ...patch, page: patch.page ?? 1 };
      setQuery(next);
      const nextFirst = next.professions[0] ?? null;
      if (nextFirst !== urlKey) {
        pending.current = true;
        navigate(professionPath(nextFirst ? nameOf(nextFirst) : null));
      }
    },
    [query, setQuery, urlKey, navigate, nameOf],
  );

  return { query, ready, update, nameOf };
}
