import { formatMoney, localityLabel, pesosToCents } from '@oficios/domain';
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Modal, Table, type TableColumnsType } from 'antd';
import { useAtom, useSetAtom } from 'jotai';
import { useState, type HTMLAttributes } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { BookedDates } from '../../../shared/ui/booked-dates';
import { useCancelOrder } from '../api/cancel-order';
import { useRequestPayment } from '../api/request-payment';
import { useClearServerCart } from '../api/clear-cart';
import { clearCartAtom, forgetSavedCart } from '../atoms/cart.atom';
import { checkoutAtom, jobRequestToWriteAtom, type SummaryBooking } from '../atoms/checkout.atom';
import { leaveTo } from '../../../shared/lib/leave-to';
import type { SignedInClient } from '../lib/signed-in-client';
import { paymentItems, requestGlimpse } from '../lib/summary-bookings';
import { Typography } from '../../../shared/ui/typography';

export const SUMMARY_TITLE = 'Resumen de la Compra';
export const SUMMARY_ERROR = 'Error, no se puede ejecutar la compra';
export const DATE_TAKEN_HINT = 'Cambia esa fecha en tu carrito y vuelve a pedir el resumen de la compra.';
export const REQUEST_MISSING = 'Sin detalles del trabajo';
export const WRITE_REQUEST = 'Escribir el pedido';

const columns: TableColumnsType<SummaryBooking> = [
  { key: 'name', title: 'Nombre', dataIndex: 'name' },
  { key: 'professions', title: 'Profesiones', dataIndex: 'professions' },
  {
    key: 'days',
    title: 'Dias elegidos',
    render: (_, booking) => <BookedDates dates={booking.dates} testId="order-summary-date" />,
  },
  {
    key: 'price',
    title: 'Precio',
    align: 'right',
    render: (_, booking) => <span data-testid="order-summary-line-price">{formatMoney(booking.priceCents)}</span>,
  },
];

/**
 * Per professional, what the booking tells them about the job: its first words, or a warning with the way back to the
 * cart to write it (only before 'Solicitar Pago': afterwards the order is the one being paid).
 */
function SummaryJobRequests({ bookings, onWrite }: { bookings: SummaryBooking[]; onWrite: ((professionalId: number) => void) | null }) {
  return (
    <Flex vertical gap={4} data-testid="order-summary-requests">
      {bookings.map((booking) => (
        <Flex
          key={booking.professionalId}
          wrap
          gap={8}
          align="center"
          data-testid="order-summary-request"
          data-professional-id={booking.professionalId}
          data-written={booking.jobRequest !== null}
        >
          <Typography.Text strong>{booking.name}:</Typography.Text>
          {booking.jobRequest ? (
            <Typography.Text type="secondary" data-testid="order-summary-request-glimpse" style={{ overflowWrap: 'anywhere' }}>
              “{requestGlimpse(booking.jobRequest)}”
            </Typography.Text>
          ) : (
            <>
              <Typography.Text type="warning" data-testid="order-summary-request-missing">
                <WarningOutlined /> {REQUEST_MISSING}
              </Typography.Text>
              {onWrite && (
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  onClick={() => onWrite(booking.professionalId)}
                  data-testid="order-summary-write-request"
                >
                  {WRITE_REQUEST}
                </Button>
              )}
            </>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * 'Resumen de la Compra': the ordered professionals, the client's address and e-mail,
 * the total, and the way on: 'Cancelar compra', 'Solicitar Pago', then 'Pagar'.
 * Open while `checkoutAtom` holds a purchase; without an order it shows the spec's error.
 */
export function OrderSummaryModal({ client }: { client: SignedInClient | null }) {
  const [checkout, setCheckout] = useAtom(checkoutAtom);
  const writeRequest = useSetAtom(jobRequestToWriteAtom);
  const clearCart = useSetAtom(clearCartAtom);
  const clearServerCart = useClearServerCart();
  const cancelOrder = useCancelOrder();
  const requestPayment = useRequestPayment();
  const [actionError, setActionError] = useState<string | null>(null);
  const policyText = useBookingSettings().data?.policyText;

  const order = checkout?.order ?? null;
  const bookings = checkout?.bookings ?? [];
  const url = checkout?.url ?? null;
  const failed = order === null || bookings.length === 0;
  // While an order waits for a decision only its buttons close the summary.
  const dismissable = failed || url !== null;

  const close = () => {
    setActionError(null);
    setCheckout(null);
  };

  // Back to the cart to write it: the open order stays until the next summary, which replaces it with the request.
  const goWriteRequest = (professionalId: number) => {
    close();
    writeRequest(professionalId);
  };

  const cancel = () => {
    if (!order) return close();
    setActionError(null);
    cancelOrder.mutate(order.id, {
      // The cart is the server's and stays as it was.
      onSuccess: close,
      onError: (error) => setActionError(`No se pudo cancelar la compra: ${errorMessage(error)}`),
    });
  };

  const askForPayment = () => {
    if (!order || !client) return;
    setActionError(null);
    requestPayment.mutate(
      { orderId: order.id, clientId: client.id, items: paymentItems(bookings) },
      {
        onSuccess: ({ url: paymentUrl }) => {
          setCheckout((current) => (current ? { ...current, url: paymentUrl } : current));
          // Spec: local storage is cleared once payment is requested. The cart now lives
          // in the order (and on the server); a reload must not offer to book it again.
          forgetSavedCart();
        },
        onError: (error) => setActionError(`No se pudo solicitar el pago: ${errorMessage(error)}`),
      },
    );
  };

  // 'Pagar' empties the cart (spec), then leaves for the provider: the server cart is emptied first, so the
  // client coming back from paying finds it empty whatever the payment's own processing has reached.
  const pay = (event: { preventDefault: () => void }) => {
    if (url === null) return;
    event.preventDefault();
    clearCart();
    clearServerCart.mutate(undefined, { onSettled: () => leaveTo(url) });
  };

  const footer = failed ? (
    <Button type="primary" onClick={close} data-testid="order-summary-close">
      Cerrar
    </Button>
  ) : (
    <Flex justify="end" gap={8} wrap>
      <Button danger onClick={cancel} loading={cancelOrder.isPending} data-testid="order-summary-cancel">
        Cancelar compra
      </Button>
      <Button
        onClick={askForPayment}
        loading={requestPayment.isPending}
        disabled={url !== null || cancelOrder.isPending}
        data-testid="order-summary-request-payment"
      >
        Solicitar Pago
      </Button>
      {url !== null && (
        // A real link in this tab: the provider's page sends the client back to the app.
        // The purchase is over for this cart, so it is emptied (the summary keeps its bookings).
        <Button type="primary" href={url} onClick={pay} loading={clearServerCart.isPending} data-testid="order-summary-pay">
          Pagar
        </Button>
      )}
    </Flex>
  );

  return (
    <Modal
      open={checkout !== null}
      title={SUMMARY_TITLE}
      onCancel={dismissable ? close : undefined}
      closable={dismissable}
      keyboard={dismissable}
      mask={{ closable: dismissable }}
      footer={footer}
      width={760}
      destroyOnHidden
      data-testid="order-summary-modal"
    >
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={SUMMARY_ERROR}
          description={
            checkout?.dateTaken ? (
              <>
                <strong data-testid="order-summary-date-taken">{checkout.problem}</strong>
                <div>{DATE_TAKEN_HINT}</div>
              </>
            ) : (
              checkout?.problem
            )
          }
          data-testid="order-summary-error"
        />
      ) : (
        <Flex vertical gap={16}>
          <Table<SummaryBooking>
            rowKey="professionalId"
            columns={columns}
            dataSource={bookings}
            pagination={false}
            size="small"
            scroll={{ x: 'max-content' }}
            onRow={(booking) =>
              ({ 'data-testid': 'order-summary-line', 'data-professional-id': booking.professionalId }) as HTMLAttributes<HTMLElement>
            }
          />
          <SummaryJobRequests bookings={bookings} onWrite={url === null ? goWriteRequest : null} />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'address', label: 'Direccion', children: <span data-testid="order-summary-address">{client?.address}</span> },
              {
                key: 'place',
                label: 'Lugar del trabajo',
                children: (
                  <span data-testid="order-summary-place">
                    {order?.place ? `${order.place.street}, ${localityLabel(order.place.locality)}` : 'Sin indicar'}
                  </span>
                ),
              },
              { key: 'email', label: 'Correo', children: <span data-testid="order-summary-email">{client?.email}</span> },
              {
                key: 'total',
                label: 'Total',
                children: (
                  <strong data-testid="order-summary-total" data-amount={order?.amount}>
                    {formatMoney(pesosToCents(order?.amount ?? 0))}
                  </strong>
                ),
              },
            ]}
          />
          {policyText && (
            // Shown before paying: what cancelling gives back.
            <Alert type="info" showIcon title="Política de cancelación" description={policyText} data-testid="order-summary-policy" />
          )}
          {actionError !== null && <Alert type="error" showIcon title={actionError} data-testid="order-summary-action-error" />}
          {url !== null && <Alert type="success" showIcon title="Tu link de pago esta listo." data-testid="order-summary-url-ready" />}
        </Flex>
      )}
    </Modal>
  );
}
