import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { hydrateFirstPageData } from './app/first-page-data';
import { AppProviders } from './shared/ui/app-providers';
import { createQueryClient } from './shared/api/query-client';
import { RENDERED_WHOLE } from './app/rendered-whole';
import { preloadRoute } from './app/route-preload';
import { AppRoutes } from './app/routes';
// antd's styles first (made at build time, apps/web/build/antd-static-style.ts), then the app's own.
import 'virtual:antd-style.css';
import './app/global.css';

const queryClient = createQueryClient();
// The answers the server rendered the page from (the listing's, the detail's), then the first page's chunk and whatever
// data did not come with it, asked for now, while React mounts (see preloadRoute).
const cameRendered = hydrateFirstPageData(queryClient);
preloadRoute(queryClient, window.location);

/**
 * React's word for a part the HTML brought as its placeholder (the build renders a lazy part so: renderToString does not
 * wait for its code), which it then renders itself: the page's plan, not a difference (error 419, minified in production).
 */
const RENDERED_AS_PLACEHOLDER = /react\.dev\/errors\/419|server could not finish this Suspense boundary/;

/**
 * Where the page's HTML and the app's first render differ (something only this browser knows, shown too early: see
 * useHydrated), React draws that part anew: nothing is lost, nothing to tell the visitor; the console says where.
 */
function reportHydrationMismatch(error: unknown, { componentStack }: { componentStack?: string }) {
  if (RENDERED_AS_PLACEHOLDER.test(String(error))) return;
  console.warn('La página se volvió a dibujar donde su HTML no coincidía:', error, componentStack);
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
const container = document.getElementById('root')!;

// The page the build rendered whole (the landing, the cart: build/prerender-pages.ts), as the app first renders it.
const renderedWhole = container.getAttribute(RENDERED_WHOLE.attribute) === RENDERED_WHOLE.value;

// In a transition: React renders in slices, yielding to the browser between them, so starting the app never blocks the
// page for long. A page the server sent with its data, or the build rendered whole, is hydrated: React takes over its
// HTML as it is (and the clicks made on it meanwhile) instead of creating it again and putting it in its place; any
// other page's HTML (a shell made at build time, with placeholders) stays painted until the app's first render
// replaces it.
startTransition(() => {
  if (cameRendered || renderedWhole) hydrateRoot(container, app, { onRecoverableError: reportHydrationMismatch });
  else createRoot(container).render(app);
});
