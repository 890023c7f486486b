import type { ManagedProfessional } from '@oficios/domain';
import type { ServiceAreaBody } from '../../localities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { PROFESSIONALS_QUERY_KEY } from '../../../shared/api/query-keys';
import { managedProfessionalQueryOptions } from './get-managed-professional';
import { STATISTICS_QUERY_KEY } from './get-statistics';

/** The whole body of `PUT /home/professionals/{id}` (the spec's payload). */
export interface ProfessionalUpdate {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  phoneNumber: string;
  profileImg: string | null;
  /** Profession names. */
  professions: string[];
  availableDays: string[];
  /** Accepted but ignored by the server (they come from reviews). */
  rating: number;
  reputation: number;
  /** Pesos per day; left out, the stored price stays. */
  dayPrice?: number;
  /** "Sobre mi"; null or left out, the stored one stays. */
  aboutMe?: string | null;
  /** The service area; null removes it, left out the stored one stays. */
  serviceArea?: ServiceAreaBody | null;
}

/**
 * Answers the saved professional with its contact. 400 names each bad field (`errors`), 409 the e-mail is taken, 404
 * unknown professional. (The server keeps the stored e-mail, phone or address if one comes null.)
 */
export function updateProfessional(payload: ProfessionalUpdate): Promise<ManagedProfessional> {
  return apiClient.put<ManagedProfessional>(`/home/professionals/${payload.id}`, payload);
}

export function useUpdateProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfessional,
    onSuccess: (saved, payload) => {
      // The editor's own copy; the public detail is refetched (it must never hold the contact).
      queryClient.setQueryData(managedProfessionalQueryOptions(payload.id).queryKey, saved);
      // The listing, the detail page and the per-profession counts all show these fields.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFESSIONALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STATISTICS_QUERY_KEY }),
      ]);
    },
  });
}
