import { BOOKING_DEFAULTS, formatMoney, pesosToCents, REFUND_BUSINESS_DAYS, type HistoryLine, type LineRefundView } from '@oficios/domain';
import { Flex } from 'antd';
import { labelOf } from '../../../shared/ui/booked-dates';
import { Typography } from '../../../shared/ui/typography';

/** The day a refund came back, as a person reads it: "mié 02 dic 2026" (es-AR, in the marketplace's zone). */
export function refundDay(iso: string, timeZone: string = BOOKING_DEFAULTS.timeZone): string {
  const parts = new Intl.DateTimeFormat('es-AR', {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => (parts.find((p) => p.type === type)?.value ?? '').replace('.', '');
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** One refund as its client follows it: how much comes back and when. */
export function refundSentence(refund: LineRefundView, timeZone?: string): string {
  const amount = formatMoney(pesosToCents(refund.amount));
  if (refund.status === 'requested') return `Te devolvemos ${amount} · en proceso, llega en hasta ${REFUND_BUSINESS_DAYS} días hábiles`;
  if (refund.status === 'approved')
    return refund.settledAt ? `Devuelto ${amount} el ${refundDay(refund.settledAt, timeZone)}` : `Devuelto ${amount}`;
  return `Devolución de ${amount} con problemas: el administrador la revisará`;
}

/**
 * The booking's refunds, one line each ("Te devolvemos $ 20.000 · en proceso, llega en hasta 10 días hábiles", then
 * "Devuelto $ 20.000 el mié 02 dic 2026"), and the dates cancelled one by one.
 */
export function RefundLines({ booking, timeZone }: { booking: HistoryLine; timeZone?: string }) {
  const refunds = booking.refunds ?? [];
  const cancelledDates = booking.cancelledDates ?? [];
  // Given back before refunds had their own record: the amount alone.
  const untracked = refunds.length === 0 && (booking.refundedAmount ?? 0) > 0;
  if (refunds.length === 0 && cancelledDates.length === 0 && !untracked) return null;
  return (
    <Flex vertical gap={2}>
      {cancelledDates.length > 0 && (
        <Typography.Text type="secondary" data-testid="history-cancelled-dates">
          Días cancelados: {cancelledDates.map(labelOf).join(', ')}
        </Typography.Text>
      )}
      {(refunds.length > 0 || untracked) && (
        <Typography.Text type="success" data-testid="history-refund">
          <Flex vertical gap={2}>
            {untracked && <span>Devuelto {formatMoney(pesosToCents(booking.refundedAmount))}</span>}
            {refunds.map((refund, index) => (
              <span key={index} data-testid="history-refund-status" data-status={refund.status}>
                {refundSentence(refund, timeZone)}
              </span>
            ))}
          </Flex>
        </Typography.Text>
      )}
    </Flex>
  );
}
