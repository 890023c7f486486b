import type { CartDetailView, CartView } from '@oficios/domain';
import { queryOptions } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';

/** The server cart's shapes come from the API's contract in the domain library. */
export type ServerCartDetail = CartDetailView;
export type ServerCart = CartView;

export function getCart(signal?: AbortSignal): Promise<ServerCart> {
  return paymentsClient.get<ServerCart>('/api/cart', { signal });
}

export const CART_QUERY_KEY = ['cart'] as const;

/** Always fresh: the cart sync compares against what the server holds right now. */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 0,
  });
