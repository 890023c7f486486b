import type { ChangeCartDayAnswer, IsoDate } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** One change of a server cart item: a date added or removed. */
export interface CartItemChange {
  type: 'add' | 'remove';
  date: IsoDate;
}

/**
 * `PATCH /api/cart/{id}` `{type, date}`: adds or removes one date of a cart item (409 when already chosen, 400 when
 * not bookable); answers the whole cart too.
 */
export function changeCartDay({ detailId, ...change }: CartItemChange & { detailId: number }): Promise<ChangeCartDayAnswer> {
  return paymentsClient.patch<ChangeCartDayAnswer>(`/api/cart/${detailId}`, change);
}

export function useChangeCartDay() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCartDay, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
