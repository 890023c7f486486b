import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';

type Store = ReturnType<typeof createStore>;

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 } } });
}

export interface RenderAppResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  store: Store;
  queryClient: QueryClient;
}

/** Renders route objects (the app's, or one page under a path) inside the app's providers. */
export function renderRoutes(routes: RouteObject[], { path = '/', store = createStore() }: { path?: string; store?: Store } = {}): RenderAppResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, store, queryClient };
}

/** One page mounted at `routePath` (e.g. 'home/:profession?'), visited at `path`, with a catch-all that shows the location. */
export function renderPage(element: ReactElement, { routePath, path, store }: { routePath: string; path: string; store?: Store }) {
  return renderRoutes(
    [
      { path: routePath, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { path, store },
  );
}

function LocationProbe() {
  return <div data-testid="location-probe">{useLocation().pathname}</div>;
}
