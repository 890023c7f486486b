import type { CancellationQuote, HistoryLine } from '@oficios/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { AVAILABILITY_QUERY_KEY } from '../../../shared/api/query-keys';

/** What a person does with a booking; each answers the updated booking. */
export type BookingAction =
  | { bookingId: number; action: 'accept' }
  | { bookingId: number; action: 'decline'; reason?: string }
  | { bookingId: number; action: 'cancel' }
  | { bookingId: number; action: 'done' }
  | { bookingId: number; action: 'dispute'; reason: string }
  | { bookingId: number; action: 'dispute/answer'; answer: string };

/**
 * `POST /api/bookings/{id}/accept|decline|cancel|done|dispute|dispute/answer`. A move the booking's status does not
 * allow answers 409 with the Spanish reason; someone else's booking 403.
 */
export function bookingAction({ bookingId, action, ...body }: BookingAction): Promise<HistoryLine> {
  return apiClient.post<HistoryLine>(`/api/bookings/${bookingId}/${action}`, body);
}

/**
 * Every booking action. The history and the jobs are part of the session (`/home/user/me`), so it is read again;
 * a released date is bookable again, so the pickers read theirs again too.
 */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookingAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
      ]),
  });
}

/** `GET /api/bookings/{id}/cancellation` (its client): what cancelling now gives back, or why it cannot. */
export function getCancellationQuote(bookingId: number, signal?: AbortSignal): Promise<CancellationQuote> {
  return apiClient.get<CancellationQuote>(`/api/bookings/${bookingId}/cancellation`, { signal });
}

/** Asked when the confirm modal opens (never cached: the refund depends on the moment). */
export function useCancellationQuote(bookingId: number | null) {
  return useQuery({
    queryKey: ['cancellation-quote', bookingId],
    queryFn: ({ signal }) => getCancellationQuote(bookingId!, signal),
    enabled: bookingId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The professional's answer from the mail's signed single-use link (no session needed). */
export interface BookingDecision {
  token: string;
  action: 'accept' | 'decline';
  reason?: string;
}

/** `POST /api/bookings/decision` (public): the token decides which booking; a used or expired link answers 4xx with why. */
export function decideBooking(decision: BookingDecision): Promise<HistoryLine> {
  return apiClient.post<HistoryLine>('/api/bookings/decision', decision);
}

export function useDecideBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideBooking, onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
}
