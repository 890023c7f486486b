import type { PaymentReturnAnswer } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';

/** What the back URL names: MercadoPago's payment (absent or "null" when none was made) and the order. */
export interface PaymentBack {
  paymentId: string | null;
  orderId: string | null;
  externalReference: string | null;
}

/**
 * `POST /api/mercado/return`: the back URL's payment and order, checked against MercadoPago and applied now (its
 * notification may come later, or never). Answers the order's status and the payment's state as the server read them;
 * 404 when they are not the client's, 409 when the payment is of another order.
 */
export function postPaymentReturn(back: PaymentBack): Promise<PaymentReturnAnswer> {
  const body = Object.fromEntries(Object.entries(back).filter(([, value]) => value !== null));
  return paymentsClient.post<PaymentReturnAnswer>('/api/mercado/return', body);
}

/** The history is part of the session (`/home/user/me`): read again once the payment is applied. */
export function usePaymentReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPaymentReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
