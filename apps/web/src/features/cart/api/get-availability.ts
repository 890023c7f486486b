import type { AvailabilityView } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { availabilityKey } from '../../../shared/api/query-keys';

/** `GET /home/professionals/{id}/availability` (public): the bookable dates from today to the horizon's end. */
export function getAvailability(professionalId: number, signal?: AbortSignal): Promise<AvailabilityView> {
  return apiClient.get<AvailabilityView>(`/home/professionals/${professionalId}/availability`, { signal });
}

/** Others book and professionals block dates: read again when a picker opens after half a minute. */
export const availabilityQueryOptions = (professionalId: number) =>
  queryOptions({
    queryKey: availabilityKey(professionalId),
    queryFn: ({ signal }) => getAvailability(professionalId, signal),
    staleTime: 30_000,
  });

export function useAvailability(professionalId: number) {
  return useQuery(availabilityQueryOptions(professionalId));
}
