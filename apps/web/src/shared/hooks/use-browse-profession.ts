import { DEFAULT_LISTING_QUERY, professionKey } from '@oficios/domain';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { professionPath } from '../lib/profession-path';
import { listingQueryAtom } from '../state/listing-query.atom';

/**
 * Starts a fresh listing filtered by one profession (or by none) and opens it:
 * used by the landing picker and the detail page's profession buttons.
 */
export function useBrowseProfession(): (name: string | null) => void {
  const setQuery = useSetAtom(listingQueryAtom);
  const navigate = useNavigate();
  return useCallback(
    (name: string | null) => {
      setQuery({ ...DEFAULT_LISTING_QUERY, professions: name ? [professionKey(name)] : [] });
      navigate(professionPath(name));
    },
    [setQuery, navigate],
  );
}
