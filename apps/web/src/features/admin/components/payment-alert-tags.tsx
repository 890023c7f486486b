import type { PaymentAlert } from '@oficios/domain';
import { Flex, Tag } from 'antd';
import { Typography } from '../../../shared/ui/typography';

/** Under an order's status: its payments an administrator must look at (review, money owed back), and why. */
export function PaymentAlertTags({ alert }: { alert: PaymentAlert | null | undefined }) {
  if (!alert) return null;
  return (
    <Flex vertical gap={4} data-testid="order-payment-alert">
      <Flex gap={4} wrap>
        {alert.refundDue && (
          <Tag color="red" data-testid="order-refund-due">
            Devolución pendiente
          </Tag>
        )}
        {alert.needsReview && (
          <Tag color="orange" data-testid="order-needs-review">
            Pago a revisar
          </Tag>
        )}
      </Flex>
      {alert.reasons.map((reason, index) => (
        <Typography.Text key={index} type="secondary" style={{ fontSize: 12, maxWidth: 280 }} data-testid="order-payment-reason">
          {reason}
        </Typography.Text>
      ))}
    </Flex>
  );
}
