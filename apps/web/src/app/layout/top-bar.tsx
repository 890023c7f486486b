import { DownOutlined, LoginOutlined, ShoppingCartOutlined, ToolOutlined, UserAddOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Flex } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, NavLink } from 'react-router-dom';
import { cartCountAtom } from '../../features/cart/atoms/cart.atom';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';

const navLinkStyle = ({ isActive }: { isActive: boolean }) => ({
  color: isActive ? '#1677ff' : 'rgba(0, 0, 0, 0.88)',
  fontWeight: isActive ? 600 : 400,
  padding: '4px 8px',
});

/** The bar on every page: logo, links, sign-in, registration menu and cart. */
export function TopBar() {
  const cartCount = useAtomValue(cartCountAtom);
  const openDrawer = useSetAtom(authDrawerAtom);

  return (
    <header
      data-testid="top-bar"
      style={{ background: '#fff', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', position: 'sticky', top: 0, zIndex: 10 }}
    >
      <Flex
        wrap
        align="center"
        justify="space-between"
        gap="small"
        style={{ maxWidth: 1200, margin: '0 auto', padding: '10px 16px', minHeight: 64 }}
      >
        <Flex align="center" gap="middle" wrap>
          <Link to="/" data-testid="logo" aria-label="Oficios, ir al inicio" style={{ fontSize: 22, fontWeight: 700, color: '#1677ff' }}>
            <ToolOutlined /> Oficios
          </Link>
          <nav aria-label="Principal">
            <Flex gap="small">
              <NavLink to="/" end style={navLinkStyle} data-testid="nav-landing">
                Inicio
              </NavLink>
              <NavLink to="/home" style={navLinkStyle} data-testid="nav-listing">
                Profesionales
              </NavLink>
            </Flex>
          </nav>
        </Flex>
        <Flex align="center" gap="small" wrap>
          <Button icon={<LoginOutlined />} onClick={() => openDrawer('login')} data-testid="login-button">
            Iniciar Sesion
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'register-cliente', label: 'Cliente' },
                { key: 'register-profesional', label: 'Profesional' },
              ],
              onClick: ({ key }) => openDrawer(key === 'register-cliente' ? 'register-cliente' : 'register-profesional'),
            }}
          >
            <Button type="primary" icon={<UserAddOutlined />} data-testid="register-button">
              Regístrate <DownOutlined />
            </Button>
          </Dropdown>
          <Link to="/cart" aria-label="Carrito" data-testid="cart-button" data-count={cartCount} style={{ padding: '4px 8px' }}>
            <Badge count={cartCount} size="small" data-testid="cart-badge">
              <ShoppingCartOutlined style={{ fontSize: 24, color: 'rgba(0, 0, 0, 0.88)' }} />
            </Badge>
          </Link>
        </Flex>
      </Flex>
    </header>
  );
}
