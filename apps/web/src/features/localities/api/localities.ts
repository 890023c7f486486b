import { localitySearchKey, type Locality } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** GET /home/localities?search=: up to 10 localities, best first. */
export function searchLocalities(search: string, signal?: AbortSignal): Promise<Locality[]> {
  return apiClient.get<Locality[]>('/home/localities', { params: { search }, signal });
}

/** GET /home/localities/{id}. */
export function getLocality(id: string, signal?: AbortSignal): Promise<Locality> {
  return apiClient.get<Locality>(`/home/localities/${encodeURIComponent(id)}`, { signal });
}

export const LOCALITIES_QUERY_KEY = ['localities'] as const;
export const localityKey = (id: string) => [...LOCALITIES_QUERY_KEY, 'one', id] as const;

// The localities never change while the app runs: answers are kept for the session.
const LOCALITIES_STALE_TIME = Infinity;

export const localitySearchQueryOptions = (search: string) =>
  queryOptions({
    // Texts that search alike ("Caba", "caba ") share one answer.
    queryKey: [...LOCALITIES_QUERY_KEY, 'search', localitySearchKey(search)] as const,
    queryFn: ({ signal }) => searchLocalities(search, signal),
    staleTime: LOCALITIES_STALE_TIME,
  });

export const localityQueryOptions = (id: string) =>
  queryOptions({ queryKey: localityKey(id), queryFn: ({ signal }) => getLocality(id, signal), staleTime: LOCALITIES_STALE_TIME });

/** The localities matching a text; nothing is asked for a text that searches nothing (blank, only commas). */
export function useLocalitySearch(search: string) {
  const searchable = localitySearchKey(search.replace(/,/g, ' ')) !== '';
  return useQuery({ ...localitySearchQueryOptions(search), enabled: searchable });
}

/** One locality by its id (null: none asked). */
export function useLocality(id: string | null | undefined) {
  return useQuery({ ...localityQueryOptions(id ?? ''), enabled: typeof id === 'string' && id !== '' });
}
