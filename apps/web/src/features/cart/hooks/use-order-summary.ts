import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom, useStore } from 'jotai';
import { errorMessage } from '../../../shared/api/error-message';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { createOrder } from '../api/create-order';
import { CART_QUERY_KEY } from '../api/get-cart';
import { cartItemsAtom } from '../atoms/cart.atom';
import { checkoutAtom, type Checkout } from '../atoms/checkout.atom';
import type { SignedInClient } from '../lib/signed-in-client';
import { summaryLines } from '../lib/summary-lines';
import { saveCart } from './use-save-cart';

export const EMPTY_CART_PROBLEM = 'Tu carrito esta vacio.';

/**
 * 'Resumen de la compra' for a signed-in client: saves the cart on the server (the order
 * is made from the server cart), creates the order from the cart id, and opens the
 * summary. Any failure opens the summary with the spec's error and the server's reason.
 */
export function useOrderSummary() {
  const store = useStore();
  const queryClient = useQueryClient();
  const setCheckout = useSetAtom(checkoutAtom);

  return useMutation({
    mutationFn: async (client: SignedInClient): Promise<Checkout> => {
      if (store.get(cartItemsAtom).length === 0) return { order: null, lines: [], url: null, problem: EMPTY_CART_PROBLEM };
      const saved = await saveCart(store, queryClient, client.id);
      const { newOrder } = await createOrder(client.cartId ?? saved.cartId);
      return { order: newOrder, lines: summaryLines(store.get(cartItemsAtom)), url: null };
    },
    onSuccess: (checkout) => setCheckout(checkout),
    onError: (error) => setCheckout({ order: null, lines: [], url: null, problem: errorMessage(error) }),
    // The server cart changed, and a new order shows in "Historial de Compras" (part of the session).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}
