import type { ChangeCartDayAnswer, ChangeCartDayBody } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** `PATCH /api/cart/{id}` `{type, day}`: adds or removes one day of a line (409 when already chosen); answers the whole cart too. */
export function changeCartDay({ detailId, ...change }: ChangeCartDayBody & { detailId: number }): Promise<ChangeCartDayAnswer> {
  return paymentsClient.patch<ChangeCartDayAnswer>(`/api/cart/${detailId}`, change);
}

export function useChangeCartDay() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCartDay, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
