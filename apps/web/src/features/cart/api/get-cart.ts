import type { Day } from '@oficios/domain';
import { queryOptions } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';

/** One professional of the signed-in client's server cart. */
export interface ServerCartDetail {
  id: number;
  cartId: number;
  professionalId: number;
  days: Day[];
  quantity: number;
  /** days × the professional's current day price, computed by the server. */
  price: number;
}

/** `GET /api/cart`: the signed-in client's cart with prices and total. */
export interface ServerCart {
  id: number;
  details: ServerCartDetail[];
  total: number;
}

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
