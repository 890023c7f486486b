import type { RemoveFromCartAnswer } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** `DELETE /api/cart`: empties the signed-in client's cart (after 'Pagar'); answers the empty cart. */
export function clearServerCart(): Promise<RemoveFromCartAnswer> {
  return paymentsClient.delete<RemoveFromCartAnswer>('/api/cart');
}

export function useClearServerCart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearServerCart, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
