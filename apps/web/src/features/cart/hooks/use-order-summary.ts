import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { isApiError } from '../../../shared/api/api-client';

import { errorMessage } from '../../../shared/api/error-message';
import { AVAILABILITY_QUERY_KEY } from '../../../shared/api/query-keys';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { createOrder } from '../api/create-order';
import { CART_QUERY_KEY } from '../api/get-cart';
import { checkoutAtom, type Checkout } from '../atoms/checkout.atom';
import { summaryBookings } from '../lib/summary-bookings';

export const EMPTY_CART_PROBLEM = 'Tu carrito esta vacio.';

/**
 * 'Resumen de la compra' for a signed-in client: creates the order from the server cart (the cart) and opens the
 * summary with the server's answer: its bookings and total. Any failure opens the summary with the spec's error and
 * the server's reason; a date taken by someone else since it was added (409 `date_taken`, nothing was created) also
 * asks the client to change it in the cart. `mutate(cartId)`: null when the client has no cart yet.
 */
export function useOrderSummary() {
  const queryClient = useQueryClient();
  const setCheckout = useSetAtom(checkoutAtom);

  return useMutation({
    mutationFn: async (cartId: number | null): Promise<Checkout> => {
      if (cartId === null) return { order: null, bookings: [], url: null, problem: EMPTY_CART_PROBLEM };
      const { newOrder } = await createOrder(cartId);
      return { order: newOrder, bookings: summaryBookings(newOrder), url: null };
    },
    onSuccess: (checkout) => setCheckout(checkout),
    onError: (error) => {
      const dateTaken = isApiError(error, 409) && error.code === 'date_taken';
      setCheckout({ order: null, bookings: [], url: null, problem: errorMessage(error), dateTaken });
      // Someone else holds a date now: the pickers must stop offering it.
      if (dateTaken) void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
    },
    // A new order shows in "Historial de Compras" (part of the session); the cart is read again in case it changed elsewhere.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}
