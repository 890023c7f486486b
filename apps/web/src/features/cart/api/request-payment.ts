import { useMutation } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';

export interface PaymentItem {
  title: string;
  price: number;
  quantity: number;
}

export interface PaymentRequest {
  orderId: number;
  clientId: number;
  /** What the client shows; the server builds the provider's items from the order itself. */
  items: PaymentItem[];
}

/** `POST /api/mercado`: 201 `{url}`, the payment provider's checkout page for the order. */
export function requestPayment(request: PaymentRequest): Promise<{ url: string }> {
  return paymentsClient.post<{ url: string }>('/api/mercado', request);
}

export function useRequestPayment() {
  return useMutation({ mutationFn: requestPayment });
}
