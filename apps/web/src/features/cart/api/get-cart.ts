import type { CartView } from '@oficios/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';

/** `GET /api/cart`: the signed-in client's server cart, its items with their professionals, prices and total. */
export function getCart(signal?: AbortSignal): Promise<CartView> {
  return paymentsClient.get<CartView>('/api/cart', { signal });
}

export const CART_QUERY_KEY = ['cart'] as const;

/** Every change here answers the whole cart (stored at once), so the cached cart stays fresh; another browser's changes show within the stale time. */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 30_000,
  });

/** The server cart of a signed-in client (`enabled` only then: a visitor's cart lives in the browser). */
export function useServerCart(enabled: boolean) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/** Every cart change answers the whole cart: it replaces the cached one, no refetch needed. */
export function storeCart(queryClient: QueryClient, cart: CartView): void {
  queryClient.setQueryData(CART_QUERY_KEY, cart);
}
