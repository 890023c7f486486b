import type { CartMergeAnswer, CartMergeLine, IsoDate } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** A browser line as the merge takes it: its dates, and the weekday names of days chosen before dates existed. */
export type DatedMergeLine = CartMergeLine & { dates?: IsoDate[] };

/**
 * `POST /api/cart/merge {lines}`: browser lines join the server cart by the rules of adding (dates that cannot be
 * booked are dropped and reported, a professional already there keeps one line); answers the whole cart.
 * Used at sign-in (the browser cart), by 'Reservar' (one professional with no dates yet) and by the detail page's
 * picker (one professional with its first date).
 */
export function mergeCart(body: { lines: DatedMergeLine[] }): Promise<CartMergeAnswer> {
  return paymentsClient.post<CartMergeAnswer>('/api/cart/merge', body);
}

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCart, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
