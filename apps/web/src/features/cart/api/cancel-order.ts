import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';

/** `DELETE /api/orders/{id}`: cancels an order still waiting for payment (409 once paid). */
export function cancelOrder(orderId: number): Promise<unknown> {
  return paymentsClient.delete<unknown>(`/api/orders/${orderId}`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The order's status changes in "Historial de Compras".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
