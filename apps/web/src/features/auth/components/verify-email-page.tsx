import { useQueryClient } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { useVerifyEmail } from '../api/verify-email';
import { INVALID_LINK, useLinkToken } from '../hooks/use-link-token';
import { LinkOutcome } from './link-outcome';

const HOME = { label: 'Volver a Home', to: '/' };

/** /verify-email?token=...: confirms the e-mail with the mailed link as soon as the page opens, and says how it went. */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  // A link works once: React's development double effects must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
  }, [token, verify, queryClient]);

  if (!token || verify.isError) {
    return (
      <LinkOutcome
        status="error"
        title={token ? errorMessage(verify.error) : INVALID_LINK}
        subTitle="Inicia sesión y pide un nuevo enlace desde tu perfil (Mi Perfil)."
        action={HOME}
        testId="verify-email-error"
      />
    );
  }
  if (verify.isSuccess) {
    return (
      <LinkOutcome
        status="success"
        title={verify.data.message}
        subTitle="Ya puedes entrar también con Google usando este correo."
        action={HOME}
        testId="verify-email-success"
      />
    );
  }
  return <Result icon={<Spin size="large" />} title="Verificando tu correo…" data-testid="verify-email-pending" />;
}
