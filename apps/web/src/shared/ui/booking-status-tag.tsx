import { historyLineLabel, type BookingStatus, type OrderChangeReason } from '@oficios/domain';
import { Tag } from 'antd';

const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  awaiting_payment: 'default',
  awaiting_professional: 'gold',
  confirmed: 'green',
  done: 'success',
  declined: 'red',
  expired: 'red',
  cancelled_by_client: 'red',
  cancelled_by_admin: 'red',
  refunded: 'purple',
};

interface BookingStatusTagProps {
  status: BookingStatus | undefined;
  testId: string;
  /** Why its order was cancelled, when it was: one another order replaced says so ("reemplazada por otra orden"). */
  cancellationReason?: OrderChangeReason | null;
}

/** A booking's own status, shown beside the spec's order status badge. */
export function BookingStatusTag({ status, testId, cancellationReason }: BookingStatusTagProps) {
  if (!status) return null;
  const replaced = cancellationReason === 'cart-changed';
  return (
    <Tag color={replaced ? 'default' : (BOOKING_STATUS_COLORS[status] ?? 'default')} data-testid={testId} data-line-status={status}>
      {historyLineLabel(status, cancellationReason) ?? status}
    </Tag>
  );
}
