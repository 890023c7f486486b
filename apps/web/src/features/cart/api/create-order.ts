import type { OrderStatus } from '@oficios/domain';
import { paymentsClient } from '../../../shared/api/api-client';

/** The order `POST /api/orders` creates from the saved cart. */
export interface NewOrder {
  id: number;
  amount: number;
  status: OrderStatus;
  date: string;
}

/**
 * `POST /api/orders` `{cartId}`: 201 `{newOrder}`; 400 when the server cart is empty.
 * Called by the order summary right after the cart is saved (`useOrderSummary`).
 */
export function createOrder(cartId: number): Promise<{ newOrder: NewOrder }> {
  return paymentsClient.post<{ newOrder: NewOrder }>('/api/orders', { cartId });
}
