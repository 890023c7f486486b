import { PASSWORD_MIN_LENGTH } from '@oficios/domain';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { useResetPassword } from '../api/reset-password';
import { errorMessage } from '../../../shared/api/error-message';
import { passwordErrors } from '../lib/password-rules';
import { INVALID_LINK, useLinkToken } from '../hooks/use-link-token';
import { ForgotPasswordForm } from './forgot-password-form';
import { LinkOutcome } from './link-outcome';
import { Typography } from '../../../shared/ui/typography';

interface ResetValues {
  password?: string;
  confirmPassword?: string;
}

/** /reset-password?token=...: choose a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(token ? null : INVALID_LINK);
  const [otherError, setOtherError] = useState<string | null>(null);
  const [askNewLink, setAskNewLink] = useState(false);

  const submit = ({ password = '', confirmPassword = '' }: ResetValues) => {
    const errors = passwordErrors(password, confirmPassword);
    form.setFields(
      (['password', 'confirmPassword'] as const).map((name) => ({
        name,
        errors: errors.filter((e) => e.field === name).map((e) => e.message),
      })),
    );
    setOtherError(null);
    if (errors.length > 0) return;
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const tokenError = isApiError(error) ? error.errors.find((e) => e.field === 'token') : undefined;
          const passwordError = isApiError(error) ? error.errors.find((e) => e.field === 'password') : undefined;
          if (tokenError) setLinkError(tokenError.message);
          else if (passwordError) form.setFields([{ name: 'password', errors: [passwordError.message] }]);
          else setOtherError(errorMessage(error));
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <LinkOutcome
        status="success"
        title={reset.data.message}
        subTitle="Ya puedes iniciar sesion con tu nueva contraseña."
        action={{ label: 'Iniciar Sesion', to: '/login', testId: 'reset-password-login' }}
        testId="reset-password-success"
      />
    );
  }

  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 440 }} data-testid="reset-password-page">
        <Typography.Title level={3}>Elige una nueva contraseña</Typography.Title>
        {linkError ? (
          <Flex vertical gap="middle">
            <Alert type="error" showIcon title={linkError} data-testid="reset-password-link-error" />
            {askNewLink ? (
              <ForgotPasswordForm />
            ) : (
              <Button type="primary" onClick={() => setAskNewLink(true)} data-testid="reset-password-new-link">
                Solicitar un nuevo enlace
              </Button>
            )}
          </Flex>
        ) : (
          <Form<ResetValues>
            form={form}
            name="reset-password"
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            onValuesChange={() =>
              form.setFields([
                { name: 'password', errors: [] },
                { name: 'confirmPassword', errors: [] },
              ])
            }
            disabled={reset.isPending}
          >
            <Form.Item label="Nueva contraseña" name="password" extra={`Al menos ${PASSWORD_MIN_LENGTH} caracteres.`}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item label="Confirmar contraseña" name="confirmPassword">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {otherError && <Alert type="error" showIcon title={otherError} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-password-submit">
              Guardar contraseña
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
