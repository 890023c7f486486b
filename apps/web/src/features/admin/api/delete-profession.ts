import type { Profession } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { professionsQueryOptions } from '../../../shared/api/get-professions';
import { STATISTICS_QUERY_KEY } from './get-statistics';

/** DELETE /home/professions/{id}: 404 unknown; 409 while professionals still have it. */
export function deleteProfession(id: number): Promise<Profession> {
  return apiClient.delete<Profession>(`/home/professions/${id}`);
}

export function useDeleteProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfession,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: professionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: STATISTICS_QUERY_KEY }),
      ]),
  });
}
