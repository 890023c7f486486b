import { ORDER_STATUSES, type OrderStatus } from '@oficios/domain';
import { Select } from 'antd';
import { useChangeOrderStatus } from '../api/change-order-status';
import type { AdminOrder } from '../api/get-orders';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

/** "Cambiar Estado" of one row: PATCH /api/orders/{id}; the row shows the answer. */
interface OrderStatusSelectProps {
  order: AdminOrder;
  onChanged: (saved: AdminOrder) => void;
  onFailed: (order: AdminOrder, error: unknown) => void;
}

export function OrderStatusSelect({ order, onChanged, onFailed }: OrderStatusSelectProps) {
  const change = useChangeOrderStatus();
  const onChange = (status: OrderStatus) => {
    if (status === order.status) return;
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
      onChange={onChange}
      loading={change.isPending}
      disabled={change.isPending}
      style={{ minWidth: 140 }}
      data-testid="order-status-select"
    />
  );
}
