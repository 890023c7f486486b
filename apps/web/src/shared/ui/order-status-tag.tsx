import { capitalize, type OrderStatus } from '@oficios/domain';
import { Tag } from 'antd';

/** Spec: creada secondary, procesando warning, cancelada danger, completa success. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  creada: 'default',
  procesando: 'warning',
  cancelada: 'error',
  completa: 'success',
};

/** An order's status as a coloured badge (jobs of a professional, purchases of a client, the admin's orders table). */
export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId: string }) {
  const color = STATUS_COLORS[status] ?? 'default';
  return (
    <Tag color={color} data-testid={testId} data-color={color} data-status={status}>
      {capitalize(status)}
    </Tag>
  );
}
