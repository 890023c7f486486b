import { BOOKING_STATUS_LABELS, type BookingStatus } from '@oficios/domain';
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

/** A booking's own status, shown beside the spec's order status badge. */
export function BookingStatusTag({ status, testId }: { status: BookingStatus | undefined; testId: string }) {
  if (!status) return null;
  return (
    <Tag color={BOOKING_STATUS_COLORS[status] ?? 'default'} data-testid={testId} data-line-status={status}>
      {BOOKING_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
