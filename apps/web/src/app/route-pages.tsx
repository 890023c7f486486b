import { lazy, type ComponentType } from 'react';
import { LandingPage } from '../features/landing/components/landing-page';
import type { RouteDeclaration } from './route-manifest';
import { LoginRoute } from './routes/login-route';

/** A lazy route's chunk, remembered once loaded (see lazyRoute). */
export interface RouteChunk<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function routeChunk<M>(importChunk: () => Promise<M>): RouteChunk<M> {
  let chunk: M | undefined;
  return { load: () => importChunk().then((loaded) => (chunk = loaded)), loaded: () => chunk };
}

/**
 * React.lazy of a route's page. Once its chunk is loaded, React gets the page at once (a thenable that answers
 * synchronously, which React.lazy takes as resolved) instead of showing the route's loading placeholder for a moment:
 * a page the server sent rendered (see main.tsx) goes from its HTML to the app's render with no placeholder between.
 */
export function lazyRoute<M, P extends object>(chunk: RouteChunk<M>, pageOf: (chunk: M) => ComponentType<P>) {
  return lazy(() => {
    const loaded = chunk.loaded();
    if (loaded === undefined) return chunk.load().then((module) => ({ default: pageOf(module) }));
    const ready = { default: pageOf(loaded) };
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
}

/** A route's page, and the chunk it is loaded from when it has one of its own. */
export interface RoutePage {
  Page: ComponentType;
  chunk?: RouteChunk<unknown>;
}

function lazyPage<M>(importChunk: () => Promise<M>, pageOf: (chunk: M) => ComponentType): RoutePage {
  const chunk = routeChunk(importChunk);
  return { Page: lazyRoute(chunk, pageOf), chunk };
}

/**
 * The page of each module route-manifest.json names. The imports are written out because the bundler makes a chunk
 * of each `import()` it can read; route-manifest.spec.tsx checks that each loads the module it is listed under.
 */
const PAGES: Record<string, RoutePage> = {
  'src/features/landing/components/landing-page.tsx': { Page: LandingPage },
  'src/app/routes/catalog-route.tsx': lazyPage(
    () => import('./routes/catalog-route'),
    (m) => m.CatalogRoute,
  ),
  'src/app/routes/detail-route.tsx': lazyPage(
    () => import('./routes/detail-route'),
    (m) => m.DetailRoute,
  ),
  'src/app/routes/my-profile-route.tsx': lazyPage(
    () => import('./routes/my-profile-route'),
    (m) => m.MyProfileRoute,
  ),
  'src/features/profile/components/client-profile-page.tsx': lazyPage(
    () => import('../features/profile/components/client-profile-page'),
    (m) => m.ClientProfilePage,
  ),
  'src/features/cart/components/cart-page.tsx': lazyPage(
    () => import('../features/cart/components/cart-page'),
    (m) => m.CartPage,
  ),
  'src/features/admin/components/admin-page.tsx': lazyPage(
    () => import('../features/admin/components/admin-page'),
    (m) => m.AdminPage,
  ),
  'src/app/routes/login-route.tsx': { Page: LoginRoute },
  'src/features/auth/components/reset-password-page.tsx': lazyPage(
    () => import('../features/auth/components/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  'src/features/auth/components/verify-email-page.tsx': lazyPage(
    () => import('../features/auth/components/verify-email-page'),
    (m) => m.VerifyEmailPage,
  ),
  'src/features/profile/components/decision-page.tsx': lazyPage(
    () => import('../features/profile/components/decision-page'),
    (m) => m.DecisionPage,
  ),
  'src/features/conversations/routes/inbox-route.tsx': lazyPage(
    () => import('../features/conversations/routes/inbox-route'),
    (m) => m.InboxRoute,
  ),
  'src/features/conversations/routes/conversation-route.tsx': lazyPage(
    () => import('../features/conversations/routes/conversation-route'),
    (m) => m.ConversationRoute,
  ),
  'src/app/not-found-page.tsx': lazyPage(
    () => import('./not-found-page'),
    (m) => m.NotFoundPage,
  ),
};

/** The modules with a page here (route-manifest.spec.tsx compares them with the manifest's). */
export const PAGE_MODULES = Object.keys(PAGES);

export function pageOf(route: RouteDeclaration): RoutePage {
  const page = PAGES[route.module];
  if (!page) throw new Error(`La ruta ${route.path} nombra ${route.module}, que no tiene página en route-pages.tsx`);
  return page;
}
