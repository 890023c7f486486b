import { QueryClient } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../shared/ui/app-providers';

type Store = ReturnType<typeof createStore>;

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 } } });
}

export interface RenderAppResult extends RenderResult {
  store: Store;
  queryClient: QueryClient;
  /** The router's current path (as the browser would show it, percent-encoded). */
  location: () => string;
}

/** The app's providers and a memory router around `children`: for tests that render or hydrate by hand. */
export function TestProviders({
  queryClient,
  store,
  path = '/',
  children,
}: {
  queryClient: QueryClient;
  store?: Store;
  path?: string;
  children: ReactNode;
}) {
  return (
    <AppProviders queryClient={queryClient} store={store}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </AppProviders>
  );
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location-probe" hidden>
      {pathname + search}
    </output>
  );
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders route objects (the app's, or one page under a path) inside the app's providers and a memory router. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', store = createStore() }: { path?: string; store?: Store } = {},
): RenderAppResult {
  const queryClient = createTestQueryClient();
  const result = render(
    <TestProviders queryClient={queryClient} store={store} path={path}>
      <RouteTree routes={routes} />
      <LocationProbe />
    </TestProviders>,
  );
  return { ...result, store, queryClient, location: () => screen.getByTestId('location-probe').textContent ?? '' };
}

/** One page mounted at `routePath` (e.g. 'home/:profession?'), visited at `path`; other paths render nothing. */
export function renderPage(element: ReactElement, { routePath, path, store }: { routePath: string; path: string; store?: Store }) {
  return renderRoutes(
    [
      { path: routePath, element },
      { path: '*', element: null },
    ],
    { path, store },
  );
}
