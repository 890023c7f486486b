import type { CartPlaceAnswer, JobPlaceInput } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** `PUT /api/cart/place {localityId, street}`: where the cart's job is; answers the whole cart (409 when it leaves a professional out). */
export function setCartPlace(place: JobPlaceInput): Promise<CartPlaceAnswer> {
  return paymentsClient.put<CartPlaceAnswer>('/api/cart/place', place);
}

export function useSetCartPlace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCartPlace, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
