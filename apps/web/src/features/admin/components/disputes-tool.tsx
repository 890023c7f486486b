import { formatMoney, pesosToCents, type DisputeResolution, type DisputeView } from '@oficios/domain';
import { Button, Card, Descriptions, Empty, Flex, Input, InputNumber, message, Modal, Radio, Spin } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { QueryError } from '../../../shared/ui/query-error';
import { useDisputes, useResolveDispute } from '../api/disputes';
import { Typography } from '../../../shared/ui/typography';

const RESOLUTIONS: { value: DisputeResolution; label: string }[] = [
  { value: 'none', label: 'Sin devolución' },
  { value: 'partial', label: 'Devolución parcial' },
  { value: 'full', label: 'Devolución total' },
];

/** One open dispute: both sides, and the resolve form (confirming first when money will move). */
function DisputeItem({ dispute }: { dispute: DisputeView }) {
  const resolve = useResolveDispute();
  const [resolution, setResolution] = useState<DisputeResolution>('none');
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const missingAmount = resolution === 'partial' && !(amount && amount > 0);

  const send = () =>
    resolve.mutate(
      {
        id: dispute.id,
        resolution,
        ...(resolution === 'partial' ? { refundAmount: amount! } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      { onSuccess: () => void toast.success('Reclamo resuelto'), onError: (error) => void toast.error(errorMessage(error)) },
    );
  const submit = async () => {
    if (missingAmount) return;
    if (resolution !== 'none') {
      const money = resolution === 'full' ? 'todo lo que pagó por la reserva' : formatMoney(pesosToCents(amount!));
      const ok = await modal.confirm({
        title: 'Se devolverá dinero',
        content: `El cliente recibirá ${money} a través de MercadoPago. ¿Confirmas?`,
        okText: 'Confirmar devolución',
        cancelText: 'Volver',
      });
      if (!ok) return;
    }
    send();
  };

  return (
    <Card size="small" data-testid="dispute" data-dispute-id={dispute.id}>
      {modalHolder}
      {toastHolder}
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'booking', label: 'Reserva', children: `#${dispute.lineId}` },
            { key: 'client', label: 'El cliente dice', children: <span data-testid="dispute-reason">{dispute.reason}</span> },
            {
              key: 'professional',
              label: 'El profesional responde',
              children: <span data-testid="dispute-answer">{dispute.professionalAnswer ?? 'Todavía no respondió'}</span>,
            },
          ]}
        />
        <Radio.Group
          value={resolution}
          onChange={(event) => setResolution(event.target.value as DisputeResolution)}
          options={RESOLUTIONS}
        />
        {resolution === 'partial' && (
          <InputNumber<number>
            min={1}
            value={amount}
            onChange={setAmount}
            prefix="$"
            aria-label="Monto a devolver"
            style={{ width: 200 }}
          />
        )}
        <Input.TextArea
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Nota (opcional)"
          aria-label="Nota"
          rows={2}
        />
        <Button
          type="primary"
          disabled={missingAmount}
          loading={resolve.isPending}
          onClick={() => void submit()}
          data-testid="dispute-resolve"
        >
          Resolver
        </Button>
      </Flex>
    </Card>
  );
}

/** "Disputas": the clients' open reports of a problem, with both sides, resolved with no, a partial or a full refund. */
export function DisputesTool() {
  const disputes = useDisputes('open');
  return (
    <Flex vertical gap={12} data-testid="disputes-tool">
      <Typography.Title level={4} style={{ margin: 0 }}>
        Disputas
      </Typography.Title>
      {disputes.isError ? (
        <QueryError error={disputes.error} title="No se pudieron cargar las disputas" />
      ) : disputes.data?.length === 0 ? (
        <Empty description="No hay disputas abiertas" />
      ) : (
        <Spin spinning={disputes.isPending}>
          <Flex vertical gap={12}>
            {(disputes.data ?? []).map((dispute) => (
              <DisputeItem key={dispute.id} dispute={dispute} />
            ))}
          </Flex>
        </Spin>
      )}
    </Flex>
  );
}
