import { ShoppingCartOutlined, ToolOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useCartCount } from '../../features/cart/hooks/use-cart';
import { useSession } from '../../shared/api/get-session';

// Not needed to paint: the account buttons (or the signed-in user's menu) load right after, the badge once the cart has items.
const AccountArea = lazy(() => import('./account-area').then((m) => ({ default: m.AccountArea })));
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const CartBadge = lazy(() => import('./cart-badge').then((m) => ({ default: m.CartBadge })));
const MessagesLink = lazy(() => import('../../features/conversations/components/messages-link').then((m) => ({ default: m.MessagesLink })));
const NotificationsBell = lazy(() =>
  import('../../features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'top-bar-link active' : 'top-bar-link');

/** The bar on every page: logo, links, sign-in and registration menu (or the account menu once signed in) and cart. */
export function TopBar() {
  const cartCount = useCartCount();
  const session = useSession();
  const accountPlaceholder = <span className="top-bar-account-placeholder" aria-hidden />;
  const cartIcon = <ShoppingCartOutlined className="top-bar-cart-icon" aria-hidden />;

  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="top-bar-inner">
        <div className="top-bar-group">
          <Link to="/" className="top-bar-logo" data-testid="logo" aria-label="Oficios, ir al inicio">
            <ToolOutlined /> Oficios
          </Link>
          <nav aria-label="Principal" className="top-bar-group">
            <NavLink to="/" end className={navLinkClass} data-testid="nav-landing">
              Inicio
            </NavLink>
            <NavLink to="/home" className={navLinkClass} data-testid="nav-listing">
              Profesionales
            </NavLink>
          </nav>
        </div>
        <div className="top-bar-group top-bar-end">
          {/* Nothing until the session is known: a signed-in user never sees the sign-in button flash. */}
          {session.isPending ? (
            accountPlaceholder
          ) : (
            <Suspense fallback={accountPlaceholder}>
              {session.data ? <AccountMenu user={session.data.dataValues} /> : <AccountArea />}
            </Suspense>
          )}
          {session.data && (
            <Suspense fallback={null}>
              <MessagesLink />
              <NotificationsBell />
            </Suspense>
          )}
          {/*
           * Named by its content: the hidden word and the badge's number, so what is heard is what is seen (an
           * aria-label would leave the number out).
           */}
          <Link to="/cart" className="top-bar-cart" data-testid="cart-button" data-count={cartCount}>
            <span className="visually-hidden">Carrito</span>
            <span data-testid="cart-badge">
              {cartCount > 0 ? (
                <Suspense fallback={cartIcon}>
                  <CartBadge count={cartCount}>{cartIcon}</CartBadge>
                </Suspense>
              ) : (
                cartIcon
              )}
            </span>
          </Link>
        </div>
      </div>
    </header>
  );
}
