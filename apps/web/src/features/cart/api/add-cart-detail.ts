import type { Day } from '@oficios/domain';
import { paymentsClient } from '../../../shared/api/api-client';
import type { ServerCartDetail } from './get-cart';

export interface AddCartDetailBody {
  clientId: number;
  professionalId: number;
  days: Day[];
}

/**
 * `POST /api/cart`: one professional with its days into the client's cart. 409 when
 * the professional is already there, 400 naming the field for bad days.
 * Only the cart sync calls it (one step of a multi-call flow), so it has no hook of its own.
 */
export function addCartDetail(body: AddCartDetailBody): Promise<{ newCartDetail: ServerCartDetail }> {
  return paymentsClient.post<{ newCartDetail: ServerCartDetail }>('/api/cart', body);
}
