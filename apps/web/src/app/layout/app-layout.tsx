import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { BrowserCartMerge } from '../../features/cart/components/browser-cart-merge';
import { useSession } from '../../shared/api/get-session';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { RouteFallback } from '../../shared/ui/route-fallback';
import { MarkAppStarted } from './app-started-mark';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';
import { BRAND } from '../../shared/ui/theme';

// Drawers are not needed to paint a page: their code loads on first open.
const AuthDrawers = lazy(() => import('./auth-drawers').then((m) => ({ default: m.AuthDrawers })));
// The live connection (socket.io) is a signed-in user's only: visitors never load it.
const ConversationsLive = lazy(() =>
  import('../../features/conversations/components/conversations-live').then((m) => ({ default: m.ConversationsLive })),
);

/** The sign-in and sign-up drawers, loaded the first time one opens and kept from then on. */
function AuthDrawersOnDemand() {
  const drawer = useAtomValue(authDrawerAtom);
  const [drawersUsed, setDrawersUsed] = useState(false);
  if (drawer !== null && !drawersUsed) setDrawersUsed(true);
  return drawersUsed ? (
    <Suspense fallback={null}>
      <AuthDrawers />
    </Suspense>
  ) : null;
}

/** One live connection per signed-in user: another user (or signing out) closes it. */
function SignedInConnection() {
  const viewerId = useSession().data?.dataValues.id;
  return viewerId === undefined ? null : (
    <Suspense fallback={null}>
      <ConversationsLive key={viewerId} viewerId={viewerId} />
    </Suspense>
  );
}

/**
 * The frame of every page. It subscribes to nothing itself: the session's answer (and any other store's) re-renders
 * only the small parts that read it. Were the frame to read it, the answer arriving would re-render the frame with
 * the route below it at the urgent (synchronous) priority a store's change gets, mounting a page that had just loaded
 * its code in one long task instead of in the slices of a transition.
 */
export function AppLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <BrowserCartMerge />
      {/* At least a screen high: the footer starts below the fold, so a page growing as its data arrives never moves it in view. */}
      <main style={{ flex: 1, width: '100%', maxWidth: 1200, margin: '0 auto', padding: '24px 16px', minHeight: '100vh' }}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
          <MarkAppStarted />
        </Suspense>
      </main>
      <footer style={{ textAlign: 'center', padding: '24px 16px', color: BRAND.mutedText }}>
        Oficios © {new Date().getFullYear()} · Profesionales de reparaciones del hogar
        {/* The localities' licence (CC BY 4.0) asks for this line wherever they are shown. */}
        <div style={{ fontSize: 12, marginTop: 4 }} data-testid="localities-attribution">
          Localidades: Servicio de Normalización de Datos Geográficos de Argentina (Georef AR), datos.gob.ar, CC BY 4.0
        </div>
      </footer>
      <AuthDrawersOnDemand />
      <SignedInConnection />
      <ScrollToTop />
    </div>
  );
}
