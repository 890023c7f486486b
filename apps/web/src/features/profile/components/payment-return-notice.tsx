import { PAYMENT_RETURN_TITLES, paymentReturnState, type OrderStatus, type PaymentReturnState } from '@oficios/domain';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePaymentReturn, type PaymentBack } from '../api/payment-return';

/** The back URL's parameters MercadoPago adds (and ours, `orden`): gone from the address once read. */
const RETURN_PARAMS = [
  'orden',
  'payment_id',
  'collection_id',
  'collection_status',
  'status',
  'external_reference',
  'payment_type',
  'preference_id',
  'merchant_order_id',
  'site_id',
  'processing_mode',
  'merchant_account_id',
];

const ALERT_TYPES: Record<PaymentReturnState, 'success' | 'info' | 'warning' | 'error'> = {
  approved: 'success',
  pending: 'info',
  rejected: 'error',
  returned: 'warning',
  none: 'info',
};

function explanation(state: PaymentReturnState, orderId: number): string {
  switch (state) {
    case 'approved':
      return `Tu orden ${orderId} está pagada y cada profesional tiene que aceptarla.`;
    case 'pending':
      return `MercadoPago todavía no aprobó el pago de tu orden ${orderId}: te avisamos apenas lo confirme.`;
    case 'rejected':
      return `MercadoPago rechazó el pago de tu orden ${orderId}: tu carrito sigue guardado para intentar de nuevo.`;
    case 'returned':
      return `Tu orden ${orderId} ya no podía pagarse: si MercadoPago te cobró, te devolvemos el pago completo.`;
    case 'none':
      return `Tu orden ${orderId} sigue esperando el pago: podés pagarla o descartarla desde tu historial.`;
  }
}

/** A digits-only parameter of the back URL; MercadoPago writes "null" when there is none. */
function idParam(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const value = params.get(name);
    if (value && /^\d{1,30}$/.test(value)) return value;
  }
  return null;
}

/**
 * The answer's state moved on by the order's live status: paid is approved; a pending payment whose order was then
 * cancelled was refused. A history not read again yet (still creada) changes nothing.
 */
function followed(answered: PaymentReturnState, live: OrderStatus | undefined): PaymentReturnState {
  if (live && paymentReturnState(live, null) === 'approved') return 'approved';
  if (live === 'cancelada' && answered === 'pending') return 'rejected';
  return answered;
}

interface PaymentReturnNoticeProps {
  /** The order's status as the history shows it now (it follows `order:status` live): it wins over the first answer. */
  liveStatusOf?: (orderId: number) => OrderStatus | undefined;
}

/**
 * Back from MercadoPago on the client's own page (`/details/me?orden=…&payment_id=…`): the server checks the back
 * URL's payment and order against MercadoPago and applies it at once, and the page says how the payment stands
 * ("Pago aprobado", "Pago pendiente", "Pago rechazado"…), following the order live afterwards.
 */
export function PaymentReturnNotice({ liveStatusOf }: PaymentReturnNoticeProps) {
  const [params, setParams] = useSearchParams();
  const back: PaymentBack = {
    paymentId: idParam(params, 'payment_id', 'collection_id'),
    orderId: idParam(params, 'orden'),
    externalReference: idParam(params, 'external_reference'),
  };
  const key = back.paymentId || back.orderId || back.externalReference ? JSON.stringify(back) : null;
  const applying = usePaymentReturn();
  const { mutate } = applying;
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!key || asked.current === key) return;
    asked.current = key;
    mutate(JSON.parse(key) as PaymentBack, {
      // A reload of the page does not apply it again.
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const name of RETURN_PARAMS) next.delete(name);
            return next;
          },
          { replace: true },
        ),
    });
  }, [key, mutate, setParams]);

  if (applying.isPending) return <Alert type="info" showIcon title="Confirmando tu pago con MercadoPago…" data-testid="payment-return" />;
  if (applying.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title="No pudimos confirmar tu pago todavía: te avisamos apenas MercadoPago lo confirme"
        data-testid="payment-return"
      />
    );
  if (!applying.data) return null;
  const { orderId } = applying.data;
  // The order may have moved since the answer (its notification, another tab): the history's status is the newer one.
  const state = followed(applying.data.payment, liveStatusOf?.(orderId));
  return (
    <Alert
      type={ALERT_TYPES[state]}
      showIcon
      title={PAYMENT_RETURN_TITLES[state]}
      description={explanation(state, orderId)}
      data-testid="payment-return"
      data-state={state}
    />
  );
}
