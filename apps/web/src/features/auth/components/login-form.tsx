import { REGISTRATION_MESSAGES, type SessionAnswer } from '@oficios/domain';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { useLogin } from '../api/login';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { errorMessage } from '../../../shared/api/error-message';
import { GoogleButton } from './google-button';

interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  onSignedIn: (answer: SessionAnswer) => void;
  onForgotPassword: () => void;
}

/** "Continua con Google", e-mail and password, "Logear"; the API's message (401, 429) in an Alert. */
export function LoginForm({ onSignedIn, onForgotPassword }: LoginFormProps) {
  const loginMutation = useLogin();
  const google = useGoogleSignIn('register-cliente', onSignedIn);

  const submit = ({ email, password }: LoginValues) => {
    loginMutation.mutate({ email: email.trim(), password, google: false }, { onSuccess: (answer) => onSignedIn(answer) });
  };

  return (
    <>
      <GoogleButton onClick={google.start} />
      {google.error && <Alert type="error" showIcon title={google.error} style={{ marginTop: 16 }} data-testid="google-error" />}
      <Divider plain>o con tu correo</Divider>
      <Form<LoginValues> name="login" layout="vertical" requiredMark={false} onFinish={submit} disabled={loginMutation.isPending}>
        <Form.Item label="Correo" name="email" rules={[{ required: true, whitespace: true, message: REGISTRATION_MESSAGES.email }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Contraseña" name="password" rules={[{ required: true, message: REGISTRATION_MESSAGES.password }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {loginMutation.isError && (
          <Alert type="error" showIcon title={errorMessage(loginMutation.error)} style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending} data-testid="login-submit">
          Logear
        </Button>
      </Form>
      <Button type="link" block onClick={onForgotPassword} style={{ marginTop: 8 }} data-testid="forgot-password-link">
        ¿Olvidaste tu contraseña?
      </Button>
    </>
  );
}
