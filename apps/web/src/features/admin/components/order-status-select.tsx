import { ORDER_STATUSES, refundDueOnAdminMove, type OrderStatus } from '@oficios/domain';
import { Select } from 'antd';
import { useChangeOrderStatus } from '../api/change-order-status';
import type { AdminOrder } from '../api/get-orders';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * "Cambiar Estado" of one row: PATCH /api/orders/{id}; the row shows the answer. The four statuses are offered; the
 * server refuses the moves that make no sense (the row keeps its stored status and the reason is shown), and
 * cancelling a paid order is confirmed first, since the client's money is then owed back.
 */
interface OrderStatusSelectProps {
  order: AdminOrder;
  /** Asks the administrator to confirm cancelling a paid order; resolves true to go on. */
  confirmRefund: (order: AdminOrder) => Promise<boolean>;
  onChanged: (saved: AdminOrder) => void;
  onFailed: (order: AdminOrder, error: unknown) => void;
}

export function OrderStatusSelect({ order, confirmRefund, onChanged, onFailed }: OrderStatusSelectProps) {
  const change = useChangeOrderStatus();
  const onChange = async (status: OrderStatus) => {
    if (status === order.status) return;
    if (refundDueOnAdminMove(order.status, status) && !(await confirmRefund(order))) return;
    change.mutate(
      { id: order.id, status },
      {
        onSuccess: onChanged,
        onError: (error) => onFailed(order, error),
      },
    );
  };
  return (
    <Select<OrderStatus>
      aria-label={`Cambiar estado de la orden ${order.id}`}
      value={change.isPending ? change.variables.status : order.status}
      options={STATUS_OPTIONS}
      onChange={(status) => void onChange(status)}
      loading={change.isPending}
      disabled={change.isPending}
      style={{ minWidth: 140 }}
      data-testid="order-status-select"
    />
  );
}
