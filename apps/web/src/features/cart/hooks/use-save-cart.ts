import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { isApiError } from '../../../shared/api/api-client';
import { addCartDetail } from '../api/add-cart-detail';
import { changeCartDay } from '../api/change-cart-day';
import { deleteCartDetail } from '../api/delete-cart-detail';
import { CART_QUERY_KEY, cartQueryOptions, type ServerCartDetail } from '../api/get-cart';
import { cartItemsAtom, setCartItemIdDbAtom, type CartItem } from '../atoms/cart.atom';
import { dayChanges, detailFor, staleDetails } from '../lib/cart-sync-plan';

type Store = ReturnType<typeof useStore>;

/** The saved server cart (its id is what `POST /api/orders` takes). */
export interface SavedCart {
  cartId: number;
}

/** The server detail for one local item: the existing one, or a new one (a 409 means another tab saved it first). */
async function ensureDetail(queryClient: QueryClient, clientId: number, item: CartItem, known: ServerCartDetail[]) {
  const existing = detailFor(item, known);
  if (existing) return existing;
  try {
    const { newCartDetail } = await addCartDetail({ clientId, professionalId: item.professional.id, days: item.days });
    return newCartDetail;
  } catch (error) {
    if (!isApiError(error, 409)) throw error;
    const adopted = detailFor(item, (await queryClient.fetchQuery(cartQueryOptions())).details);
    if (!adopted) throw error;
    return adopted;
  }
}

/**
 * Makes the server cart match the local one: what the page shows is what gets ordered.
 * One GET tells what the server holds; then each missing professional is posted, each
 * saved one gets its days patched, and professionals no longer in the local cart are
 * deleted. Every item keeps its server id (`idDb`) as soon as it has one. On failure the
 * local cart is untouched (the ids already obtained stay) and the error is thrown.
 */
export async function saveCart(store: Store, queryClient: QueryClient, clientId: number): Promise<SavedCart> {
  const server = await queryClient.fetchQuery(cartQueryOptions());
  const items = store.get(cartItemsAtom);
  for (const item of items) {
    const detail = await ensureDetail(queryClient, clientId, item, server.details);
    store.set(setCartItemIdDbAtom, { professionalId: item.professional.id, idDb: detail.id });
    // In order: two changes of one detail must not race each other.
    for (const change of dayChanges(item.days, detail.days)) await changeCartDay(detail.id, change);
  }
  for (const stale of staleDetails(items, server.details)) await deleteCartDetail(stale.id);
  return { cartId: server.id };
}

/** `mutate(clientId)` saves the cart of that signed-in client (see `saveCart`). */
export function useSaveCart() {
  const store = useStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => saveCart(store, queryClient, clientId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
