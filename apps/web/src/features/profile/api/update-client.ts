import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import type { ClientDetail, ClientUpdateBody } from '@oficios/domain';
import { clientQueryOptions } from './get-client';

/** The changed profile fields, plus a new password and the current one (needed for another e-mail or a new password). */
export type ClientChanges = ClientUpdateBody;

/**
 * PUT /api/clients/{id} with only the changed fields (blank keeps the current value).
 * 400 names invalid fields (`currentPassword` when it is missing), 403 a wrong current password (or an account
 * without one), 409 an e-mail that belongs to someone else, 429 too many wrong passwords.
 */
export function updateClient(id: number, changes: ClientChanges): Promise<ClientDetail> {
  return apiClient.put<ClientDetail>(`/api/clients/${id}`, changes);
}

export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ClientChanges) => updateClient(id, changes),
    // The signed-in user (top bar, /details/me) and the client page both show these fields.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: clientQueryOptions(id).queryKey }),
      ]),
  });
}
