import { capitalize, type OrderStatus } from '@oficios/domain';
import { Tag } from 'antd';

/** Spec: creada secondary, procesando warning, cancelada danger, completa success. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  creada: 'default',
  procesando: 'warning',
  cancelada: 'error',
  completa: 'success',
};

/**
 * An order's status as a coloured badge (jobs of a professional, the admin's orders table); `label` names it otherwise
 * than the status's own word (a job's badge says its booking's state).
 */
export function OrderStatusTag({ status, testId, label }: { status: OrderStatus; testId: string; label?: string }) {
  const color = STATUS_COLORS[status] ?? 'default';
  return (
    <Tag color={color} data-testid={testId} data-color={color} data-status={status}>
      {label ?? capitalize(status)}
    </Tag>
  );
}
