import type { Review } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { reviewsKey } from '../../../shared/api/query-keys';

/** GET /home/reviews?professionalId={id}; filtered again here, as the spec's detail page does. */
export async function getReviews(professionalId: number, signal?: AbortSignal): Promise<Review[]> {
  const reviews = await apiClient.get<Review[]>('/home/reviews', { params: { professionalId }, signal });
  return reviews.filter((review) => review.professionalId === professionalId);
}

export const reviewsQueryOptions = (professionalId: number) =>
  queryOptions({
    queryKey: reviewsKey(professionalId),
    queryFn: ({ signal }) => getReviews(professionalId, signal),
  });

export function useReviews(professionalId: number | null) {
  return useQuery({ ...reviewsQueryOptions(professionalId ?? 0), enabled: professionalId !== null });
}
