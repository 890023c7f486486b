import type { OrderStatus } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';
import { ORDERS_QUERY_KEY, type AdminOrder, type OrdersPage } from './get-orders';

/** PATCH /api/orders/{id} {status}: one of the four, along the moves the server allows (409 with the reason otherwise); answers the updated order. */
export function changeOrderStatus({ id, status }: { id: number; status: OrderStatus }): Promise<AdminOrder> {
  return paymentsClient.patch<AdminOrder>(`/api/orders/${id}`, { status });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (saved) => {
      // The row changes in place (it stays on the page it is on, even if it no longer matches the filter)...
      queryClient.setQueriesData<OrdersPage>({ queryKey: ORDERS_QUERY_KEY }, (page) =>
        page ? { ...page, items: page.items.map((order) => (order.id === saved.id ? { ...order, ...saved } : order)) } : page,
      );
      // ...and every page is read again the next time it is shown.
      return queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY, refetchType: 'none' });
    },
  });
}
