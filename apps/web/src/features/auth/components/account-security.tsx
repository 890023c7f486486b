import type { SessionUser } from '@oficios/domain';
import { Alert, Button, Card, Flex, Popconfirm, Tag } from 'antd';
import { errorMessage } from '../../../shared/api/error-message';
import { useLogoutEverywhere } from '../api/logout';
import { useResendVerification } from '../api/resend-verification';
import { Typography } from '../../../shared/ui/typography';

export const LOGOUT_EVERYWHERE = 'Cerrar sesión en todos los dispositivos';

/** On every own profile: whether the e-mail is verified (with a new link on request) and signing out everywhere. */
export function AccountSecurity({ user }: { user: Pick<SessionUser, 'email' | 'emailVerified'> }) {
  const logoutEverywhere = useLogoutEverywhere();
  const resend = useResendVerification();

  return (
    <Card title="Seguridad de la cuenta" data-testid="account-security">
      <Flex vertical gap="middle">
        {user.emailVerified === false ? (
          <Alert
            type="warning"
            showIcon
            title={`Tu correo ${user.email} todavía no está verificado`}
            description={
              resend.isSuccess
                ? resend.data.message
                : 'Abre el enlace que te enviamos por correo. Hasta entonces no podrás entrar con Google a esta cuenta.'
            }
            action={
              !resend.isSuccess && (
                <Button size="small" onClick={() => resend.mutate()} loading={resend.isPending} data-testid="resend-verification">
                  Reenviar enlace
                </Button>
              )
            }
            data-testid="email-unverified"
          />
        ) : (
          user.emailVerified && (
            <Typography.Text data-testid="email-verified">
              Correo <Tag color="success">verificado</Tag>
            </Typography.Text>
          )
        )}
        {resend.isError && <Alert type="error" showIcon title={errorMessage(resend.error)} />}
        <Typography.Text type="secondary">
          ¿Usaste tu cuenta en otro equipo o crees que alguien más entró? Cierra todas las sesiones, también esta.
        </Typography.Text>
        <Popconfirm
          title="¿Cerrar la sesión en todos tus dispositivos?"
          description="También en este: tendrás que iniciar sesión de nuevo."
          okText="Sí, cerrar todas"
          cancelText="Cancelar"
          onConfirm={() => logoutEverywhere.mutate()}
        >
          <Button danger loading={logoutEverywhere.isPending} data-testid="logout-everywhere" style={{ alignSelf: 'flex-start' }}>
            {LOGOUT_EVERYWHERE}
          </Button>
        </Popconfirm>
        {logoutEverywhere.isError && (
          <Alert type="error" showIcon title={errorMessage(logoutEverywhere.error)} data-testid="logout-everywhere-error" />
        )}
      </Flex>
    </Card>
  );
}
