import type { SiteStatistics } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** GET /api/admin/statistics (administrador only). */
export function getStatistics(signal?: AbortSignal): Promise<SiteStatistics> {
  return apiClient.get<SiteStatistics>('/api/admin/statistics', { signal });
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
