import type { RemoveFromCartAnswer } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { CART_QUERY_KEY, storeCart } from './get-cart';

/** `DELETE /api/cart/{id}`: the professional leaves the cart; answers the whole cart. */
export function deleteCartDetail(detailId: number): Promise<RemoveFromCartAnswer> {
  return paymentsClient.delete<RemoveFromCartAnswer>(`/api/cart/${detailId}`);
}

export function useDeleteCartDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartDetail,
    onSuccess: ({ cart }) => storeCart(queryClient, cart),
    // Gone already (another tab): read the cart again.
    onError: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
