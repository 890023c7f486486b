import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { createTestQueryClient, renderRoutes, TestProviders } from '../../testing/render';
import { lazyRoute, routeChunk } from '../route-pages';
import { AppLayout } from './app-layout';
import { APP_STARTED } from './app-started-mark';

const Page = () => <h1>la página</h1>;

/** A route's chunk that comes when the test says so. */
function pendingChunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const chunk = routeChunk(async () => {
    await arrived;
    return { Page };
  });
  return { LazyPage: lazyRoute(chunk, (module) => module.Page), arrive };
}

const inLayout = (page: ReactElement): RouteObject[] => [{ path: '/', element: <AppLayout />, children: [{ index: true, element: page }] }];
const started = () => document.documentElement.getAttribute(APP_STARTED.attribute) === APP_STARTED.value;

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

describe('the app-started mark', () => {
  beforeEach(() => stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'No autenticado' } } }));
  afterEach(() => {
    restoreFetch();
    document.documentElement.removeAttribute(APP_STARTED.attribute);
    document.body.innerHTML = '';
  });

  it("waits, on a page the server rendered, for the route's page to be hydrated, not for the frame around it", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(
      <TestProviders queryClient={createTestQueryClient()}>
        <Routes routes={inLayout(<Page />)} />
      </TestProviders>,
    );
    const heading = container.querySelector('h1');
    expect(heading).toHaveTextContent('la página');

    // In the browser the page's chunk comes after React has hydrated the frame.
    const { LazyPage, arrive } = pendingChunk();
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(
        container,
        <TestProviders queryClient={createTestQueryClient()}>
          <Routes routes={inLayout(<LazyPage />)} />
        </TestProviders>,
      );
    });
    expect(started()).toBe(false);

    await act(async () => arrive());
    expect(started()).toBe(true);
    // Taken over as it came.
    expect(screen.getByRole('heading', { name: 'la página' })).toBe(heading);
    act(() => root.unmount());
  });

  it("waits, on a page the app renders, for the route's page, not its loading placeholder", async () => {
    const { LazyPage, arrive } = pendingChunk();
    renderRoutes(inLayout(<LazyPage />));
    await act(async () => undefined);
    expect(started()).toBe(false);

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'la página' })).toBeInTheDocument();
    expect(started()).toBe(true);
  });
});
