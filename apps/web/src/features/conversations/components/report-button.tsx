import { FlagOutlined } from '@ant-design/icons';
import { Button, Input, message, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useReportConversation } from '../api/conversation-actions';
import { Typography } from '../../../shared/ui/typography';

/** "Reportar conversación": after a confirmation (with an optional reason), an administrator will read it. */
export function ReportButton({ conversationId, reported }: { conversationId: number; reported: boolean }) {
  const report = useReportConversation(conversationId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [toast, toastHolder] = message.useMessage();

  const confirm = () =>
    report.mutate(reason.trim() || undefined, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        void toast.success('Reportaste la conversación: un administrador la revisará');
      },
      onError: (error) => void toast.error(errorMessage(error)),
    });

  return (
    <>
      {toastHolder}
      <Button icon={<FlagOutlined />} disabled={reported} onClick={() => setOpen(true)} data-testid="report-conversation">
        {reported ? 'Conversación reportada' : 'Reportar conversación'}
      </Button>
      <Modal
        open={open}
        title="Reportar conversación"
        okText="Reportar"
        cancelText="Volver"
        okButtonProps={{ danger: true, 'data-testid': 'report-confirm' }}
        confirmLoading={report.isPending}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>Un administrador leerá esta conversación para revisar lo ocurrido. ¿Quieres reportarla?</Typography.Paragraph>
        <Input.TextArea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Motivo (opcional)"
          aria-label="Motivo del reporte"
          maxLength={500}
          rows={3}
        />
      </Modal>
    </>
  );
}
