import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';

/**
 * `POST /api/mercado {orderId, clientId}` for an order of the history still waiting for its payment: its link still
 * open, or a fresh one (409 once it is paid, cancelled or past its window). The server prices it from the order.
 */
export function payOrderAgain({ orderId, clientId }: { orderId: number; clientId: number }): Promise<{ url: string }> {
  return paymentsClient.post<{ url: string }>('/api/mercado', { orderId, clientId, items: [] });
}

export function usePayOrderAgain() {
  return useMutation({ mutationFn: payOrderAgain });
}

/** `DELETE /api/orders/{id}`: the client drops an order it did not pay (kept as cancelada; 409 once paid). */
export function dropUnpaidOrder(orderId: number): Promise<unknown> {
  return paymentsClient.delete<unknown>(`/api/orders/${orderId}`);
}

export function useDropUnpaidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dropUnpaidOrder,
    // The order's status changes in "Historial de Compras" (part of the session).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
