import { paymentsClient } from '../../../shared/api/api-client';
import type { ServerCartDetail } from './get-cart';

export interface CartDayChange {
  type: 'add' | 'remove';
  day: string;
}

/**
 * `PATCH /api/cart/{id}` `{type, day}`: adds or removes one day of a saved detail
 * (409 when the day is already there). Only the cart sync calls it.
 */
export function changeCartDay(detailId: number, change: CartDayChange): Promise<ServerCartDetail> {
  return paymentsClient.patch<ServerCartDetail>(`/api/cart/${detailId}`, change);
}
