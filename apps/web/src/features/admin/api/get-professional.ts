import type { ProfessionalDetail } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { professionalDetailKey } from '../../../shared/api/query-keys';

/** GET /home/professionals/{id}: the professional "Editar Profesionales" loads (404 when unknown). */
export function getProfessional(id: number, signal?: AbortSignal): Promise<ProfessionalDetail> {
  return apiClient.get<ProfessionalDetail>(`/home/professionals/${id}`, { signal });
}

/** The detail page's key: a save refreshes both. */
export const professionalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: professionalDetailKey(id),
    queryFn: ({ signal }) => getProfessional(id, signal),
  });

export function useProfessional(id: number | null) {
  return useQuery({ ...professionalQueryOptions(id ?? 0), enabled: id !== null });
}
