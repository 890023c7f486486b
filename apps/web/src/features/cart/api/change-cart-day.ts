import type { ChangeCartDayAnswer, IsoDate } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** One change of a server cart line: a date (issue 11), or the spec's weekday name (a day chosen before dates). */
export type CartLineChange = { type: 'add' | 'remove'; date: IsoDate } | { type: 'add' | 'remove'; day: string };

/**
 * `PATCH /api/cart/{id}` `{type, date}` or `{type, day}`: adds or removes one date of a line (409 when already
 * chosen, 400 when not bookable); answers the whole cart too.
 */
export function changeCartDay({ detailId, ...change }: CartLineChange & { detailId: number }): Promise<ChangeCartDayAnswer> {
  return paymentsClient.patch<ChangeCartDayAnswer>(`/api/cart/${detailId}`, change);
}

export function useChangeCartDay() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCartDay, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}
