import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { LandingPage } from '../../features/landing/components/landing-page';
import { useSession } from '../../shared/api/get-session';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';

/**
 * /login: the landing page with the login drawer open over it. Once the
 * drawers are closed again (or the user signed in) the address goes back to /.
 * A user already signed in is sent to / straight away.
 */
export function LoginRoute() {
  const session = useSession();
  const [drawer, setDrawer] = useAtom(authDrawerAtom);
  const navigate = useNavigate();
  const [seenOpen, setSeenOpen] = useState(false);
  const signedIn = Boolean(session.data);

  if (drawer !== null && !seenOpen) setSeenOpen(true);

  useEffect(() => {
    if (!session.isPending && !signedIn && !seenOpen && drawer === null) setDrawer('login');
  }, [session.isPending, signedIn, seenOpen, drawer, setDrawer]);

  useEffect(() => {
    if (seenOpen && drawer === null) navigate('/', { replace: true });
  }, [seenOpen, drawer, navigate]);

  if (signedIn && !seenOpen) return <Navigate to="/" replace />;
  return <LandingPage />;
}
