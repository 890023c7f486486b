import type { CartMergeAnswer, CartMergeBody } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/**
 * `POST /api/cart/merge {lines}`: browser lines join the server cart by the rules of adding (days the professional
 * does not work are dropped and reported, a professional already there keeps one line); answers the whole cart.
 * Used at sign-in (the browser cart) and by 'Reservar' (one professional with no days yet).
 */
export function mergeCart(body: CartMergeBody): Promise<CartMergeAnswer> {
  return paymentsClient.post<CartMergeAnswer>('/api/cart/merge', body);
}

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCart, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
