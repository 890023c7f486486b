import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/routes';

/**
 * The app's first render at `url`, as HTML: what a visitor's browser renders before any data or lazy chunk arrives
 * (the session unknown, the cart empty, lazy parts as their same-size placeholders). Made at build time for the
 * landing page and the other pages' shells (build/prerender-pages.ts), so their first paint needs no script; the app
 * then renders over it.
 */
export function renderFirstPaint(url: string): string {
  return renderToString(
    <AppProviders queryClient={createQueryClient()} store={createStore()}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
}
