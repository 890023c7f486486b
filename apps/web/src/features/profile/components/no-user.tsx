import { Alert, Flex } from 'antd';
import { LinkButton } from '../../../shared/ui/link-button';

/** A profile page without a user to show (anonymous, someone else's profile, unknown id). */
export function NoUser() {
  return (
    <Flex vertical gap="middle" align="flex-start" data-testid="no-user">
      <Alert type="warning" showIcon title="Ha ocurrido un problema" description="Redirigete hacia Home." style={{ width: '100%' }} />
      <LinkButton to="/" type="primary">
        HOME
      </LinkButton>
    </Flex>
  );
}
