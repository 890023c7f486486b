import { Button, Flex, message, Popconfirm } from 'antd';
import { errorMessage } from '../../../shared/api/error-message';
import { leaveTo } from '../../../shared/lib/leave-to';
import { useDropUnpaidOrder, usePayOrderAgain } from '../api/unpaid-order';

interface UnpaidOrderActionsProps {
  orderId: number;
  clientId: number;
}

/**
 * An order of the history still waiting for its payment: "Pagar" leaves for its payment page again (the link still
 * open, or a fresh one), "Descartar orden" drops it (its dates are freed, nothing was charged).
 */
export function UnpaidOrderActions({ orderId, clientId }: UnpaidOrderActionsProps) {
  const pay = usePayOrderAgain();
  const drop = useDropUnpaidOrder();
  const [toast, toastHolder] = message.useMessage();

  const payAgain = () =>
    pay.mutate(
      { orderId, clientId },
      {
        onSuccess: ({ url }) => leaveTo(url),
        onError: (error) => void toast.error(errorMessage(error)),
      },
    );
  const dropIt = () =>
    drop.mutate(orderId, {
      onSuccess: () => void toast.success(`Descartaste la orden ${orderId}`),
      onError: (error) => void toast.error(errorMessage(error)),
    });

  return (
    <Flex gap={8} wrap data-testid="unpaid-order-actions" data-order-id={orderId}>
      {toastHolder}
      <Button type="primary" size="small" loading={pay.isPending} onClick={payAgain} data-testid="pay-order-again">
        Pagar
      </Button>
      <Popconfirm
        title={`¿Descartar la orden ${orderId}?`}
        description="No se te cobró nada: sus fechas quedan libres."
        okText="Descartar"
        cancelText="Volver"
        onConfirm={dropIt}
      >
        <Button size="small" danger loading={drop.isPending} data-testid="drop-unpaid-order">
          Descartar orden
        </Button>
      </Popconfirm>
    </Flex>
  );
}
