import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

export interface ProfessionStatistic {
  id: number;
  /** As stored (lowercase): capitalised on screen. */
  name: string;
  professionals: number;
}

/** "Datos de la Pagina": site counts and professionals per profession. */
export interface AdminStatistics {
  professionals: number;
  professions: number;
  clients: number;
  byProfession: ProfessionStatistic[];
}

/** GET /api/admin/statistics (administrador only). */
export function getStatistics(signal?: AbortSignal): Promise<AdminStatistics> {
  return apiClient.get<AdminStatistics>('/api/admin/statistics', { signal });
}

export const STATISTICS_QUERY_KEY = ['admin', 'statistics'] as const;

export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: STATISTICS_QUERY_KEY,
    queryFn: ({ signal }) => getStatistics(signal),
  });

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
