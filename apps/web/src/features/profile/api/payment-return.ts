import type { OrderStatus } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';

/** What the API answers for the payment MercadoPago named on the way back: its order, as it stands after applying it. */
export interface PaymentReturnAnswer {
  orderId: number;
  status: OrderStatus;
}

/**
 * `POST /api/mercado/return {paymentId}`: the payment of the back URL, read from MercadoPago and applied now (its
 * notification may come later, or never). 404 when it is not one of the client's.
 */
export function postPaymentReturn(paymentId: string): Promise<PaymentReturnAnswer> {
  return paymentsClient.post<PaymentReturnAnswer>('/api/mercado/return', { paymentId });
}

/** The history is part of the session (`/home/user/me`): read again once the payment is applied. */
export function usePaymentReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPaymentReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
