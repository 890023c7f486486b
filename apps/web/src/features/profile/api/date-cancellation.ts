import type { DateCancellationView, HistoryLine, IsoDate } from '@oficios/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { AVAILABILITY_QUERY_KEY } from '../../../shared/api/query-keys';

/** `GET /api/bookings/{id}/date-cancellation` (its client or professional): each date still on, with what cancelling it gives back now. */
export function getDateCancellation(bookingId: number, signal?: AbortSignal): Promise<DateCancellationView> {
  return apiClient.get<DateCancellationView>(`/api/bookings/${bookingId}/date-cancellation`, { signal });
}

/** Asked when the dialog opens (never cached: the refunds depend on the moment). */
export function useDateCancellation(bookingId: number | null) {
  return useQuery({
    queryKey: ['date-cancellation', bookingId],
    queryFn: ({ signal }) => getDateCancellation(bookingId!, signal),
    enabled: bookingId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `POST /api/bookings/{id}/cancel-dates {dates}`: answers the booking with the dates left (or cancelled, when none is). */
export function cancelDates({ bookingId, dates }: { bookingId: number; dates: IsoDate[] }): Promise<HistoryLine> {
  return apiClient.post<HistoryLine>(`/api/bookings/${bookingId}/cancel-dates`, { dates });
}

/** The history and jobs are the session's, and the freed dates are bookable again: both are read again. */
export function useCancelDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDates,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
      ]),
  });
}
