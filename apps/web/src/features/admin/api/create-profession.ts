import type { Profession } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { professionsQueryOptions } from '../../../shared/api/get-professions';
import { STATISTICS_QUERY_KEY } from './get-statistics';

/**
 * POST /home/professions {name, id}: the spec's id (profession count + 1) is sent
 * but the server assigns its own. 400 empty name, 409 duplicate.
 */
export function createProfession(body: { name: string; id: number }): Promise<Profession> {
  return apiClient.post<Profession>('/home/professions', body);
}

export function useCreateProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfession,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: professionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: STATISTICS_QUERY_KEY }),
      ]),
  });
}
