import type { ProfessionalDetail } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { professionalDetailKey } from './query-keys';

/**
 * GET /home/professionals/{id} (404 when unknown): the public detail (its contact hidden), which the detail page shows
 * and the server renders it with (route-preload.ts).
 */
export function getProfessional(id: number, signal?: AbortSignal): Promise<ProfessionalDetail> {
  return apiClient.get<ProfessionalDetail>(`/home/professionals/${id}`, { signal });
}

export const professionalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: professionalDetailKey(id),
    queryFn: ({ signal }) => getProfessional(id, signal),
  });

export function useProfessional(id: number | null) {
  return useQuery({ ...professionalQueryOptions(id ?? 0), enabled: id !== null });
}
