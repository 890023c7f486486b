import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PaymentReturnAnswer } from '../api/payment-return';
import { usePaymentReturn } from '../api/payment-return';

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

function outcome({ orderId, status }: PaymentReturnAnswer): { type: 'success' | 'info' | 'warning'; title: string } {
  if (status === 'procesando' || status === 'completa')
    return { type: 'success', title: `Pago aprobado: tu orden ${orderId} está pagada y cada profesional tiene que aceptarla` };
  if (status === 'creada')
    return { type: 'info', title: `Tu pago de la orden ${orderId} todavía no está aprobado: te avisamos apenas MercadoPago lo confirme` };
  return { type: 'warning', title: `Tu orden ${orderId} ya no podía pagarse: si MercadoPago te cobró, te devolvemos el pago completo` };
}

/**
 * Back from MercadoPago on the client's own page (`/details/me?orden=…&payment_id=…`): the payment it names is applied
 * at once and the page says how the order stands, instead of waiting for the notification.
 */
export function PaymentReturnNotice() {
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment_id');
  const applying = usePaymentReturn();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!paymentId || !/^\d{1,30}$/.test(paymentId) || asked.current === paymentId) return;
    asked.current = paymentId;
    applying.mutate(paymentId, {
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
  }, [paymentId, applying, setParams]);

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
  if (applying.data) {
    const { type, title } = outcome(applying.data);
    return <Alert type={type} showIcon title={title} data-testid="payment-return" />;
  }
  return null;
}
