import type { CheckoutAnswer } from '@oficios/domain';
import { paymentsClient } from '../../../shared/api/api-client';

/**
 * `POST /api/orders` `{cartId}`: 201 with the whole order (`newOrder`: id, amount, `lines`, its bookings with professional, days and
 * prices); 400 when the server cart is empty or one of its items cannot be booked. The summary is rendered from this answer.
 */
export function createOrder(cartId: number): Promise<CheckoutAnswer> {
  return paymentsClient.post<CheckoutAnswer>('/api/orders', { cartId });
}
