import { Badge, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, pesosToCents, type HistoryLine, type LineRefundView } from '@oficios/domain';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { BookedDates, labelOf } from '../../../shared/ui/booked-dates';
import { LineStatusTag } from '../../../shared/ui/line-status-tag';
import { OrderStatusTag } from '../../../shared/ui/order-status-tag';
import { ProfileListCard } from './profile-list-card';
import { BRAND } from '../../../shared/ui/theme';
import { Typography } from '../../../shared/ui/typography';

/** Spec: the order date is the first 15 characters of the created date ("Sun Nov 22 2026"). */
export function orderDate(createdAt: string): string {
  return new Date(createdAt).toString().slice(0, 15);
}

const REFUND_STATUS_LABELS: Record<LineRefundView['status'], string> = {
  requested: 'en proceso',
  approved: 'acreditada',
  failed: 'con problemas: el administrador la revisará',
};

const DISPUTE_RESOLUTION_LABELS = { none: 'sin devolución', partial: 'devolución parcial', full: 'devolución total' } as const;

/** What was given back on the line, and where each refund stands. */
function RefundNote({ line }: { line: HistoryLine }) {
  const refunds = line.refunds ?? [];
  if (!line.refundedAmount && refunds.length === 0) return null;
  return (
    <Typography.Text type="success" data-testid="history-refund">
      Devolución: {formatMoney(pesosToCents(line.refundedAmount ?? 0))}
      {refunds.map((refund, index) => (
        <span key={index} data-testid="history-refund-status" data-status={refund.status}>
          {' · '}
          {formatMoney(pesosToCents(refund.amount))} {REFUND_STATUS_LABELS[refund.status]}
        </span>
      ))}
    </Typography.Text>
  );
}

interface HistoryLineProps {
  line: HistoryLine;
  /** Room at the end of the line for its actions (the client profile puts "Deja una Reseña" here). */
  action?: ReactNode;
}

export function HistoryLine({ line, action }: HistoryLineProps) {
  const name = line.professional ? `${line.professional.firstName} ${line.professional.lastName}` : `Profesional #${line.professionalId}`;
  // The badge counts the booked days; its tooltip names them ("lunes 7 dic").
  const days = line.dates.map(labelOf);
  const policyText = useBookingSettings().data?.policyText;
  return (
    <li
      data-testid="history-line"
      data-order-id={line.orderId}
      data-status={line.status}
      data-line-status={line.lineStatus}
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
        <Tooltip title={days.join(', ')}>
          <span data-testid="history-days" data-count={days.length} aria-label={`${days.length} días reservados: ${days.join(', ')}`}>
            <Badge count={days.length} showZero color={BRAND.primary} />
          </span>
        </Tooltip>
        {/* Not in the spec's line, but a client needs to see whether a purchase was paid. */}
        {line.status && <OrderStatusTag status={line.status} testId="history-status" />}
        <LineStatusTag status={line.lineStatus} testId="history-line-status" />
        {action}
      </Flex>
      <Flex vertical gap={2} style={{ marginTop: 6 }}>
        <span data-testid="history-dates">
          <BookedDates dates={line.dates} testId="history-booked-date" />
        </span>
        {line.declineReason && (
          <Typography.Text type="secondary" data-testid="history-decline-reason">
            Motivo del profesional: {line.declineReason}
          </Typography.Text>
        )}
        <RefundNote line={line} />
        {line.dispute && (
          <Typography.Text type="secondary" data-testid="history-dispute" data-status={line.dispute.status}>
            Reclamo {line.dispute.status === 'open' ? 'abierto' : 'resuelto'}: {line.dispute.reason}
            {line.dispute.professionalAnswer && ` · Respuesta del profesional: ${line.dispute.professionalAnswer}`}
            {line.dispute.resolution && ` · Resolución: ${DISPUTE_RESOLUTION_LABELS[line.dispute.resolution]}`}
            {line.dispute.adminNote && ` (${line.dispute.adminNote})`}
          </Typography.Text>
        )}
        {policyText && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="history-policy">
            {policyText}
          </Typography.Text>
        )}
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
