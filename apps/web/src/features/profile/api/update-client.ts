import type { ProfileFields } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { clientQueryOptions, type ClientDetail } from './get-client';

/**
 * PUT /api/clients/{id} with only the changed fields (blank keeps the current value).
 * 400 names invalid fields, 409 means the e-mail belongs to someone else.
 */
export function updateClient(id: number, changes: ProfileFields): Promise<ClientDetail> {
  return apiClient.put<ClientDetail>(`/api/clients/${id}`, changes);
}

export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileFields) => updateClient(id, changes),
    // The signed-in user (top bar, /details/me) and the client page both show these fields.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: clientQueryOptions(id).queryKey }),
      ]),
  });
}
