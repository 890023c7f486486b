import type { CartMergeAnswer, CartMergeLine, IsoDate } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** A browser cart item as the merge takes it: its dates (the weekday names of `days` are for older clients: none). */
export type MergeItem = CartMergeLine & { days: []; dates?: IsoDate[] };

/**
 * `POST /api/cart/merge {lines}`: browser cart items join the server cart by the rules of adding (dates that cannot
 * be booked are dropped and reported, a professional already there keeps one item); answers the whole cart.
 * Used at sign-in (the browser cart), by 'Reservar' (one professional with no dates yet) and by the detail page's
 * picker (one professional with its first date).
 */
export function mergeCart(body: { lines: MergeItem[] }): Promise<CartMergeAnswer> {
  return paymentsClient.post<CartMergeAnswer>('/api/cart/merge', body);
}

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCart, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
