import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/components/landing-page';
import { AppLayout } from './layout/app-layout';
import {
  ADMIN_ROUTE,
  adminRouteChunk,
  cartRouteChunk,
  catalogRouteChunk,
  DETAIL_ROUTE,
  detailRouteChunk,
  lazyRoute,
  LISTING_ROUTE,
  MY_PROFILE_ROUTE,
  myProfileRouteChunk,
} from './route-preload';
import { LoginRoute } from './routes/login-route';

// Every page but the landing is its own chunk, loaded on first visit.
const CatalogRoute = lazyRoute(catalogRouteChunk, (m) => m.CatalogRoute);
const DetailRoute = lazyRoute(detailRouteChunk, (m) => m.DetailRoute);
const MyProfileRoute = lazyRoute(myProfileRouteChunk, (m) => m.MyProfileRoute);
const ClientProfilePage = lazy(() =>
  import('../features/profile/components/client-profile-page').then((m) => ({ default: m.ClientProfilePage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() => import('../features/auth/components/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const CartPage = lazyRoute(cartRouteChunk, (m) => m.CartPage);
const AdminPage = lazyRoute(adminRouteChunk, (m) => m.AdminPage);
const DecisionPage = lazy(() => import('../features/profile/components/decision-page').then((m) => ({ default: m.DecisionPage })));
const InboxRoute = lazy(() => import('../features/conversations/routes/inbox-route').then((m) => ({ default: m.InboxRoute })));
const ConversationRoute = lazy(() =>
  import('../features/conversations/routes/conversation-route').then((m) => ({ default: m.ConversationRoute })),
);
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      // One route for /home and /home/:profession so the page is not remounted when the URL follows the filters.
      { path: LISTING_ROUTE, element: <CatalogRoute /> },
      { path: DETAIL_ROUTE, element: <DetailRoute /> },
      { path: MY_PROFILE_ROUTE, element: <MyProfileRoute /> },
      { path: 'details/client/:id', element: <ClientProfilePage /> },
      { path: 'cart', element: <CartPage /> },
      { path: ADMIN_ROUTE, element: <AdminPage /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'trabajos/decision', element: <DecisionPage /> },
      { path: 'mensajes', element: <InboxRoute /> },
      { path: 'mensajes/:id', element: <ConversationRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The route tree, rendered inside whichever router the caller provides (browser or memory). */
export function AppRoutes() {
  return useRoutes(routes);
}
