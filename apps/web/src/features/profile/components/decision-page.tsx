import { Button, Card, Flex, Input, Result } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/error-message';
import { LinkButton } from '../../../shared/ui/link-button';
import { useDecideBooking } from '../api/booking-actions';
import { Typography } from '../../../shared/ui/typography';

const ACTIONS = { accept: 'Aceptar el trabajo', decline: 'Rechazar el trabajo' } as const;

/**
 * /trabajos/decision?token=…&action=accept|decline: the page the professional's mail links to. Nothing happens on
 * load (mail scanners open links): the professional confirms with a button, then sees the outcome or why not.
 */
export function DecisionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const action = params.get('action');
  const decide = useDecideBooking();
  const [reason, setReason] = useState('');
  const toProfile = (
    <LinkButton to="/details/me" type="primary" data-testid="decision-profile">
      Ir a mis trabajos
    </LinkButton>
  );

  if (!token || (action !== 'accept' && action !== 'decline')) {
    return (
      <Result
        status="warning"
        title="El enlace no es válido"
        subTitle="Decide desde tus trabajos en tu perfil."
        extra={toProfile}
        data-testid="decision-invalid"
      />
    );
  }
  if (decide.isSuccess) {
    return (
      <Result
        status="success"
        title={action === 'accept' ? 'Aceptaste el trabajo' : 'Rechazaste el trabajo'}
        subTitle={action === 'accept' ? 'Le avisamos al cliente.' : 'Le avisamos al cliente y le devolvemos su dinero.'}
        extra={toProfile}
        data-testid="decision-done"
      />
    );
  }
  const confirm = () => decide.mutate({ token, action, ...(action === 'decline' && reason.trim() ? { reason: reason.trim() } : {}) });

  return (
    <Card title={ACTIONS[action]} data-testid="decision-page" style={{ maxWidth: 560, margin: '0 auto' }}>
      <Flex vertical gap={12}>
        <Typography.Paragraph>
          {action === 'accept'
            ? 'Confirma que harás este trabajo en las fechas reservadas.'
            : 'Confirma que no puedes hacer este trabajo: el cliente recibirá la devolución de lo que pagó.'}
        </Typography.Paragraph>
        {action === 'decline' && (
          <Input.TextArea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Motivo (opcional)"
            aria-label="Motivo del rechazo"
            maxLength={500}
            rows={3}
          />
        )}
        {decide.isError && (
          <Typography.Text type="danger" data-testid="decision-error">
            {errorMessage(decide.error)}
          </Typography.Text>
        )}
        <Button type="primary" danger={action === 'decline'} loading={decide.isPending} onClick={confirm} data-testid="decision-confirm">
          {action === 'accept' ? 'Aceptar' : 'Rechazar'}
        </Button>
      </Flex>
    </Card>
  );
}
