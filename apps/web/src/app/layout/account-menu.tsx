import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@oficios/domain';
import { Avatar, Dropdown, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth/api/logout';
import { assetUrl } from '../../shared/lib/asset-url';
import { BRAND } from '../../shared/ui/theme';

function initials(user: SessionUser): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The signed-in user's avatar in the top bar, with "Ir a Mi Perfil" and "Cerrar Sesion". */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [messageApi, messageHolder] = message.useMessage();
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = Boolean(user.profileImg) && !imageFailed;

  return (
    <>
      {messageHolder}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: 'Ir a Mi Perfil' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar Sesion', disabled: logout.isPending },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') navigate('/details/me');
            else
              logout.mutate(undefined, {
                onError: () => void messageApi.error('No se pudo cerrar la sesion. Intenta de nuevo.'),
              });
          },
        }}
      >
        {/*
         * Named by its content, "Cuenta de Ana Ruiz": the hidden words around the shown first name (an aria-label would
         * not contain the initials shown, which screen-reader users hear against what sighted users see), and the
         * picture or initials hidden from screen readers as they only repeat who it is.
         */}
        <button type="button" className="top-bar-account-menu" data-testid="account-menu">
          <span className="visually-hidden">Cuenta de </span>
          <Avatar
            aria-hidden
            size={36}
            src={showImage ? assetUrl(user.profileImg) : undefined}
            alt={`${user.firstName} ${user.lastName}`}
            onError={() => {
              setImageFailed(true);
              return false;
            }}
            style={{ backgroundColor: showImage ? undefined : BRAND.primary }}
          >
            {initials(user)}
          </Avatar>
          <span className="top-bar-account-name">{user.firstName}</span>
          <span className="visually-hidden"> {user.lastName}</span>
        </button>
      </Dropdown>
    </>
  );
}
