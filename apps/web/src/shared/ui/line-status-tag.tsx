import { LINE_STATUS_LABELS, type LineStatus } from '@oficios/domain';
import { Tag } from 'antd';

const LINE_STATUS_COLORS: Record<LineStatus, string> = {
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

/** A booking's own status (issue 11), shown beside the spec's order status badge. */
export function LineStatusTag({ status, testId }: { status: LineStatus | undefined; testId: string }) {
  if (!status) return null;
  return (
    <Tag color={LINE_STATUS_COLORS[status] ?? 'default'} data-testid={testId} data-line-status={status}>
      {LINE_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
