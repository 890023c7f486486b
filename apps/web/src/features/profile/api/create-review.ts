import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import type { CreateReviewAnswer, HistoryLine } from '@oficios/domain';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { PROFESSIONALS_QUERY_KEY, REVIEWS_QUERY_KEY } from '../../../shared/api/query-keys';
import { clientQueryOptions } from './get-client';

/** Reviews open once the work is done: the API answers 403 for any other booking. */
export const isReviewable = (booking: Pick<HistoryLine, 'lineStatus'>): boolean => booking.lineStatus === 'done';

export interface ReviewInput {
  clientId: number;
  professionalId: number;
  comment: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** The history booking's id: one review per booking (sending it again updates that review). */
  orderDetailId: number;
}

/**
 * POST /api/reviews (cliente). 403 when the client did not book and pay that
 * professional (or is not the signed-in client), 400 with per-field `errors`
 * for a bad rating or comment.
 */
export function createReview(input: ReviewInput): Promise<CreateReviewAnswer> {
  return apiClient.post<CreateReviewAnswer>('/api/reviews', input);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The history booking gains its review (/details/me reads the session, /details/client/:id the client),
    // the detail page lists the new review, and the listing and detail show the rating the worker recomputes.
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: clientQueryOptions(input.clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: PROFESSIONALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY }),
      ]),
  });
}
