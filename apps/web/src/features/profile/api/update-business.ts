import type { ProfessionalDetail } from '@oficios/domain';
import type { ServiceAreaBody } from '../../localities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { PROFESSIONALS_QUERY_KEY } from '../../../shared/api/query-keys';

/** The body: the fields to change (the day price in pesos, days and professions by name, a stored image path or null). */
export interface BusinessChanges {
  dayPrice?: number;
  availableDays?: string[];
  professions?: string[];
  aboutMe?: string;
  profileImg?: string | null;
  /** "Zona de trabajo"; null removes it. */
  serviceArea?: ServiceAreaBody | null;
}

/**
 * PATCH /api/professionals/me: the signed-in professional's own price per day, days, trades, "Sobre mi" and photo.
 * Answers the public detail as clients now see it; 400 names each bad field.
 */
export function updateBusiness(changes: BusinessChanges): Promise<ProfessionalDetail> {
  return apiClient.patch<ProfessionalDetail>('/api/professionals/me', changes);
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    // The profile (the session's dataValues), the listing and the detail page all show these fields.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFESSIONALS_QUERY_KEY }),
      ]),
  });
}
