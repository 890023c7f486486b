import type { Profession } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * GET /home/professions. Shared because two features need it (the landing
 * picker and the listing toolbar) and features never import each other.
 */
export function getProfessions(signal?: AbortSignal): Promise<Profession[]> {
  return apiClient.get<Profession[]>('/home/professions', { signal });
}

export const professionsQueryOptions = () =>
  queryOptions({
    queryKey: ['professions'] as const,
    queryFn: ({ signal }) => getProfessions(signal),
    staleTime: 5 * 60_000,
  });

export function useProfessions() {
  return useQuery(professionsQueryOptions());
}
