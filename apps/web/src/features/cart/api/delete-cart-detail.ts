import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, paymentsClient } from '../../../shared/api/api-client';
import { CART_QUERY_KEY } from './get-cart';

/** `DELETE /api/cart/{id}`: 204. A detail already gone (404) counts as deleted. */
export async function deleteCartDetail(detailId: number): Promise<void> {
  try {
    await paymentsClient.delete<void>(`/api/cart/${detailId}`);
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
}

export function useDeleteCartDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartDetail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
