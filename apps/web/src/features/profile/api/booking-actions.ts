import type { CancellationQuote, HistoryLine } from '@oficios/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { AVAILABILITY_QUERY_KEY } from '../../../shared/api/query-keys';

/** An order line as the booking actions answer it (`/api/bookings/{lineId}/…`): the line view with its booking fields. */
export type BookingLineView = HistoryLine;

/** What a person does with a booking (issue 11); each answers the updated line. */
export type BookingAction =
  | { lineId: number; action: 'accept' }
  | { lineId: number; action: 'decline'; reason?: string }
  | { lineId: number; action: 'cancel' }
  | { lineId: number; action: 'done' }
  | { lineId: number; action: 'dispute'; reason: string }
  | { lineId: number; action: 'dispute/answer'; answer: string };

/**
 * `POST /api/bookings/{lineId}/accept|decline|cancel|done|dispute|dispute/answer`. A move the line's status does not
 * allow answers 409 with the Spanish reason; someone else's line 403.
 */
export function bookingAction({ lineId, action, ...body }: BookingAction): Promise<BookingLineView> {
  return apiClient.post<BookingLineView>(`/api/bookings/${lineId}/${action}`, body);
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

/** `GET /api/bookings/{lineId}/cancellation` (its client): what cancelling now gives back, or why it cannot. */
export function getCancellationQuote(lineId: number, signal?: AbortSignal): Promise<CancellationQuote> {
  return apiClient.get<CancellationQuote>(`/api/bookings/${lineId}/cancellation`, { signal });
}

/** Asked when the confirm modal opens (never cached: the refund depends on the moment). */
export function useCancellationQuote(lineId: number | null) {
  return useQuery({
    queryKey: ['cancellation-quote', lineId],
    queryFn: ({ signal }) => getCancellationQuote(lineId!, signal),
    enabled: lineId !== null,
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

/** `POST /api/bookings/decision` (public): the token decides which line; a used or expired link answers 4xx with why. */
export function decideBooking(decision: BookingDecision): Promise<BookingLineView> {
  return apiClient.post<BookingLineView>('/api/bookings/decision', decision);
}

export function useDecideBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideBooking, onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
}
