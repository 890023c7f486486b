import type { ManagedProfessional } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { PROFESSIONALS_QUERY_KEY } from '../../../shared/api/query-keys';

/** Under the professionals' root: whatever changes them (a save here, a review) refreshes it too. */
export const managedProfessionalKey = (id: number) => [...PROFESSIONALS_QUERY_KEY, 'managed', id] as const;

/**
 * GET /api/admin/professionals/{id} (404 when unknown): the professional whole, its e-mail, phone and address included,
 * as "Editar Profesionales" edits and saves it. Not the public detail, which hides them: saving from it would send them
 * empty.
 */
export function getManagedProfessional(id: number, signal?: AbortSignal): Promise<ManagedProfessional> {
  return apiClient.get<ManagedProfessional>(`/api/admin/professionals/${id}`, { signal });
}

export const managedProfessionalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: managedProfessionalKey(id),
    queryFn: ({ signal }) => getManagedProfessional(id, signal),
  });

export function useManagedProfessional(id: number | null) {
  return useQuery({ ...managedProfessionalQueryOptions(id ?? 0), enabled: id !== null });
}
