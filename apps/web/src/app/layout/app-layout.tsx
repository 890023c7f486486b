import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { BrowserCartMerge } from '../../features/cart/components/browser-cart-merge';
import { useSession } from '../../shared/api/get-session';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { RouteFallback } from '../../shared/ui/route-fallback';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';
import { BRAND } from '../../shared/ui/theme';

// Drawers are not needed to paint a page: their code loads on first open.
const AuthDrawers = lazy(() => import('./auth-drawers').then((m) => ({ default: m.AuthDrawers })));
// The live connection (socket.io) is a signed-in user's only: visitors never load it.
const ConversationsLive = lazy(() =>
  import('../../features/conversations/components/conversations-live').then((m) => ({ default: m.ConversationsLive })),
);

export function AppLayout() {
  const drawer = useAtomValue(authDrawerAtom);
  const [drawersUsed, setDrawersUsed] = useState(false);
  const viewerId = useSession().data?.dataValues.id;
  if (drawer !== null && !drawersUsed) setDrawersUsed(true);

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <BrowserCartMerge />
      {/* At least a screen high: the footer starts below the fold, so a page growing as its data arrives never moves it in view. */}
      <main style={{ flex: 1, width: '100%', maxWidth: 1200, margin: '0 auto', padding: '24px 16px', minHeight: '100vh' }}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer style={{ textAlign: 'center', padding: '24px 16px', color: BRAND.mutedText }}>
        Oficios © {new Date().getFullYear()} · Profesionales de reparaciones del hogar
      </footer>
      {drawersUsed && (
        <Suspense fallback={null}>
          <AuthDrawers />
        </Suspense>
      )}
      {viewerId !== undefined && (
        <Suspense fallback={null}>
          {/* One connection per signed-in user: another user (or signing out) closes it. */}
          <ConversationsLive key={viewerId} viewerId={viewerId} />
        </Suspense>
      )}
      <ScrollToTop />
    </div>
  );
}
