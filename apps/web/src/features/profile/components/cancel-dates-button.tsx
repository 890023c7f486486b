import { formatMoney, pesosToCents, type DateCancellationQuoteView, type DateCanceller, type IsoDate } from '@oficios/domain';
import { Alert, Button, Checkbox, Flex, message, Modal, Spin } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { labelOf } from '../../../shared/ui/booked-dates';
import { Typography } from '../../../shared/ui/typography';
import { useCancelDates, useDateCancellation } from '../api/date-cancellation';

/** Whose screen it is decides the words: the client reads what comes back to them, the professional what goes back to the client. */
const refundOf = (quote: DateCancellationQuoteView, who: DateCanceller): string => {
  if (!quote.allowed) return quote.reason;
  const amount = formatMoney(pesosToCents(quote.refundAmount));
  if (quote.refundAmount === 0) return 'sin devolución';
  return who === 'client' ? `te devolvemos ${amount}` : `el cliente recibe ${amount}`;
};

/** What the chosen dates give back in all, as the dialog says it before confirming. */
export function chosenRefundSentence(quotes: readonly DateCancellationQuoteView[], chosen: readonly IsoDate[], who: DateCanceller): string {
  const cents = quotes
    .filter((quote) => chosen.includes(quote.date))
    .reduce((sum, quote) => sum + (quote.allowed ? pesosToCents(quote.refundAmount) : 0), 0);
  if (chosen.length === 0) return 'Elegí los días que querés cancelar.';
  if (cents === 0) return 'Por estos días no hay devolución.';
  return who === 'client' ? `Te devolvemos ${formatMoney(cents)} en total.` : `El cliente recibe ${formatMoney(cents)} en total.`;
}

/**
 * "Cancelar días": the booking's dates still on, each with what cancelling it gives back now (asked of the API when the
 * dialog opens); the chosen ones are cancelled and the rest of the booking goes on. Choosing every date cancels the booking.
 */
export function CancelDatesButton({ bookingId, who }: { bookingId: number; who: DateCanceller }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<IsoDate[]>([]);
  const [toast, toastHolder] = message.useMessage();
  const quote = useDateCancellation(open ? bookingId : null);
  const cancel = useCancelDates();
  const close = () => {
    setOpen(false);
    setChosen([]);
  };
  const confirm = () =>
    cancel.mutate(
      { bookingId, dates: chosen },
      {
        onSuccess: () => {
          void toast.success(chosen.length === 1 ? 'Cancelaste el día' : `Cancelaste ${chosen.length} días`);
          close();
        },
        onError: (error) => void toast.error(errorMessage(error)),
      },
    );

  return (
    <>
      {toastHolder}
      <Button danger onClick={() => setOpen(true)} data-testid="cancel-dates">
        Cancelar días
      </Button>
      <Modal
        open={open}
        title="Cancelar días"
        okText={chosen.length === 1 ? 'Cancelar 1 día' : `Cancelar ${chosen.length} días`}
        cancelText="Volver"
        okButtonProps={{ danger: true, disabled: chosen.length === 0 || quote.data?.allowed !== true, 'data-testid': 'cancel-dates-ok' }}
        confirmLoading={cancel.isPending}
        onOk={confirm}
        onCancel={close}
        destroyOnHidden
      >
        {quote.isPending ? (
          <Spin />
        ) : quote.isError ? (
          <Alert type="error" showIcon title={errorMessage(quote.error)} />
        ) : !quote.data.allowed ? (
          <Alert type="warning" showIcon title={quote.data.reason} data-testid="cancel-dates-refused" />
        ) : (
          <Flex vertical gap={8}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              Lo que se devuelve por cada día, si cancelás ahora:
            </Typography.Paragraph>
            <Checkbox.Group value={chosen} onChange={(dates) => setChosen(dates as IsoDate[])} style={{ width: '100%' }}>
              <Flex vertical gap={6} style={{ width: '100%' }}>
                {quote.data.dates.map((date) => (
                  <Checkbox key={date.date} value={date.date} disabled={!date.allowed}>
                    <span data-testid="cancel-date" data-date={date.date}>
                      <span style={{ fontWeight: 500 }}>{labelOf(date.date)}</span>
                      {' · '}
                      <Typography.Text type="secondary">{refundOf(date, who)}</Typography.Text>
                    </span>
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
            <Typography.Text strong data-testid="cancel-dates-total">
              {chosenRefundSentence(quote.data.dates, chosen, who)}
            </Typography.Text>
            {chosen.length > 0 && chosen.length === quote.data.dates.length && (
              <Typography.Text type="warning" data-testid="cancel-dates-whole">
                Son todos los días que quedan: se cancela la reserva entera.
              </Typography.Text>
            )}
          </Flex>
        )}
      </Modal>
    </>
  );
}
