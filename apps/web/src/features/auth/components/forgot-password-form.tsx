import { REGISTRATION_MESSAGES } from '@oficios/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useForgotPassword } from '../api/forgot-password';
import { errorMessage } from '../../../shared/api/error-message';
import { Typography } from '../../../shared/ui/typography';

interface ForgotPasswordFormProps {
  /** Shown as a link under the form when given (the login drawer's way back). */
  onBack?: () => void;
}

/** Asks for a reset link (POST /home/user/password/forgot) and shows the API's answer. */
export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const forgot = useForgotPassword();

  return (
    <div data-testid="forgot-password">
      <Typography.Paragraph type="secondary">
        Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
      </Typography.Paragraph>
      {forgot.isSuccess ? (
        <Alert type="success" showIcon title={forgot.data.message} data-testid="forgot-password-sent" />
      ) : (
        <Form<{ email: string }>
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          disabled={forgot.isPending}
          onFinish={({ email }) => forgot.mutate(email.trim())}
        >
          <Form.Item label="Correo" name="email" rules={[{ required: true, whitespace: true, message: REGISTRATION_MESSAGES.email }]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          {forgot.isError && <Alert type="error" showIcon title={errorMessage(forgot.error)} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={forgot.isPending} data-testid="forgot-password-submit">
            Enviar enlace
          </Button>
        </Form>
      )}
      {onBack && (
        <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
          Volver a Iniciar sesion
        </Button>
      )}
    </div>
  );
}
