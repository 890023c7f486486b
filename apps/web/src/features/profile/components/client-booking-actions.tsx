import { formatMoney, pesosToCents, type HistoryLine } from '@oficios/domain';
import { Alert, Button, Flex, Input, message, Modal, Spin } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useBookingAction, useCancellationQuote } from '../api/booking-actions';
import { CancelDatesButton } from './cancel-dates-button';
import { Typography } from '../../../shared/ui/typography';

/** Bookings the client may still cancel: unpaid, awaiting the professional, or confirmed (the policy says how much comes back). */
const CANCELLABLE = new Set(['awaiting_payment', 'awaiting_professional', 'confirmed']);
/** Paid bookings of more than one date may also lose some of their dates (an unpaid one changes in the cart). */
const DATES_CANCELLABLE = new Set(['awaiting_professional', 'confirmed']);

/** What cancelling gives back, as the confirm modal says it. */
export function refundSentence(refundAmount: number): string {
  return refundAmount > 0 ? `Te devolveremos ${formatMoney(pesosToCents(refundAmount))}.` : 'No hay devolución por esta reserva.';
}

/**
 * The client's own booking actions on a booking of their history: "Cancelar reserva" on a live booking (the confirm modal
 * shows what the policy gives back now, asked of the API), and "Reportar un problema" on a done booking with no report
 * yet (the API refuses it once the window after done has passed, with its reason).
 */
export function ClientBookingActions({ booking }: { booking: HistoryLine }) {
  const act = useBookingAction();
  const [toast, toastHolder] = message.useMessage();
  const [cancelling, setCancelling] = useState(false);
  const [reporting, setReporting] = useState<string | null>(null);
  const quote = useCancellationQuote(cancelling ? booking.id : null);
  const canCancel = booking.lineStatus !== undefined && CANCELLABLE.has(booking.lineStatus);
  const canReport = booking.lineStatus === 'done' && !booking.dispute;
  const canCancelDates = booking.lineStatus !== undefined && DATES_CANCELLABLE.has(booking.lineStatus) && booking.dates.length > 1;
  if (!canCancel && !canReport) return null;

  const cancel = () =>
    act.mutate(
      { bookingId: booking.id, action: 'cancel' },
      {
        onSuccess: () => {
          setCancelling(false);
          void toast.success('Cancelaste la reserva');
        },
        onError: (error) => void toast.error(errorMessage(error)),
      },
    );
  const report = () => {
    const reason = reporting?.trim();
    if (!reason) return;
    act.mutate(
      { bookingId: booking.id, action: 'dispute', reason },
      {
        onSuccess: () => {
          setReporting(null);
          void toast.success('Recibimos tu reclamo: el administrador lo revisará');
        },
        onError: (error) => void toast.error(errorMessage(error)),
      },
    );
  };
  const allowed = quote.data?.allowed === true;

  return (
    <Flex gap={8} wrap>
      {toastHolder}
      {canCancel && (
        <Button danger onClick={() => setCancelling(true)} data-testid="history-cancel">
          Cancelar reserva
        </Button>
      )}
      {canCancelDates && <CancelDatesButton bookingId={booking.id} who="client" />}
      {canReport && (
        <Button onClick={() => setReporting('')} data-testid="history-report">
          Reportar un problema
        </Button>
      )}
      <Modal
        open={cancelling}
        title="Cancelar reserva"
        okText="Cancelar reserva"
        cancelText="Volver"
        okButtonProps={{ danger: true, disabled: !allowed }}
        confirmLoading={act.isPending}
        onOk={cancel}
        onCancel={() => setCancelling(false)}
        destroyOnHidden
      >
        {quote.isPending ? (
          <Spin />
        ) : quote.isError ? (
          <Alert type="error" showIcon title={errorMessage(quote.error)} />
        ) : quote.data.allowed ? (
          <Typography.Paragraph data-testid="cancel-quote">{refundSentence(quote.data.refundAmount)}</Typography.Paragraph>
        ) : (
          <Alert type="warning" showIcon title={quote.data.reason} data-testid="cancel-refused" />
        )}
      </Modal>
      <Modal
        open={reporting !== null}
        title="Reportar un problema"
        okText="Enviar reclamo"
        cancelText="Volver"
        okButtonProps={{ disabled: !reporting?.trim() }}
        confirmLoading={act.isPending}
        onOk={report}
        onCancel={() => setReporting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Cuéntanos qué pasó: el profesional podrá responder y el administrador decidirá.
        </Typography.Paragraph>
        <Input.TextArea
          value={reporting ?? ''}
          onChange={(event) => setReporting(event.target.value)}
          aria-label="Qué pasó"
          maxLength={1000}
          rows={4}
        />
      </Modal>
    </Flex>
  );
}
