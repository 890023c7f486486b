import { waitFor } from '@testing-library/react';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { matchPath } from 'react-router-dom';
import { PRERENDERED_PAGES } from '../../build/prerendered-pages';
import { restoreFetch, stubFetch } from '../testing/fetch-stub';
import { createTestQueryClient } from '../testing/render';
import { APP_SHELL, ROUTES, SIGNED_IN_TOP_BAR, type Preload, type RouteDeclaration } from './route-manifest';
import { PAGE_MODULES, pageOf } from './route-pages';
import { firstPageOf, preloadRoute } from './route-preload';
import { routes } from './routes';

/** The router, the preloader and the build read route-manifest.json; here they are held to it (the server: server/routes.e2e-spec.ts). */
const WEB = resolve(__dirname, '../..');
const FIRST_SERVED = ['prerendered', 'rendered-with-data', 'rendered-for-visitor', 'app-shell'];
/** A URL of the route: every parameter `7`. */
const urlOf = (path: string) => (path === '*' ? '/no-existe' : path.replace(/:\w+\??/g, '7'));
/** The first route the URL matches, in the router's order (the 404 last). */
const routeAt = (url: string) => ROUTES.find((route) => route.path !== '*' && matchPath(route.path, url)) ?? ROUTES.at(-1)!;
/** What each preload asks the API for, at a route's URL without a query string (null: nothing). */
const ASKED: Record<Preload, string | null> = {
  professionals: '/home/professionals',
  professions: '/home/professions',
  // Only for a listing near a place (below).
  place: null,
  professional: '/home/professionals/7',
  reviews: '/home/reviews',
  session: '/home/user/me',
};

describe('route-manifest.json', () => {
  it('declares each route once, with a known way to be first served and a file when it is not the shell', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(ROUTES.at(-1)!.path).toBe('*');
    for (const route of ROUTES) {
      expect(FIRST_SERVED).toContain(route.firstServed);
      expect(Boolean(route.file)).toBe(route.firstServed !== 'app-shell');
      for (const preload of route.preloads ?? []) expect(Object.keys(ASKED)).toContain(preload);
    }
    for (const module of [
      ...ROUTES.map((route) => route.module),
      ...SIGNED_IN_TOP_BAR,
      ...ROUTES.flatMap((route) => route.showsAtOnce ?? []),
    ]) {
      expect(existsSync(join(WEB, module))).toBe(true);
    }
  });
});

describe('the router', () => {
  it("has the manifest's routes, in its order, inside the layout", () => {
    const children = routes[0]!.children!;
    expect(routes).toHaveLength(1);
    expect(children.map((child) => (child.index ? '/' : `/${child.path}`).replace('/*', '*'))).toEqual(ROUTES.map((route) => route.path));
    children.forEach((child, i) => expect((child.element as { type: unknown }).type).toBe(pageOf(ROUTES[i]!).Page));
  });

  it("gives every route the page of the module it names, from the route's own chunk when lazy", async () => {
    expect([...PAGE_MODULES].sort()).toEqual(ROUTES.map((route) => route.module).sort());
    for (const route of ROUTES) {
      const { Page, chunk } = pageOf(route);
      const module = (await import(join(WEB, route.module))) as Record<string, unknown>;
      expect(Boolean(chunk)).toBe(route.lazy);
      if (chunk) expect(await chunk.load()).toBe(module);
      else expect(Object.values(module)).toContain(Page);
    }
  });
});

describe('the preloader', () => {
  afterEach(() => {
    restoreFetch();
    jest.restoreAllMocks();
  });

  it.each(ROUTES.map((route) => [urlOf(route.path), route] as const))(
    '%s asks for what its route preloads, and its chunk',
    async (url, route) => {
      const fetch = stubFetch({});
      const chunk = pageOf(route).chunk;
      const load = chunk && jest.spyOn(chunk, 'load');
      preloadRoute(createTestQueryClient(), { pathname: url, search: '' });

      const expected = (route.preloads ?? []).map((preload) => ASKED[preload]).filter((path) => path !== null);
      await waitFor(() => expect(fetch.urls().map((asked) => asked.pathname)).toHaveLength(expected.length));
      expect(
        fetch
          .urls()
          .map((asked) => asked.pathname)
          .sort(),
      ).toEqual([...expected].sort());
      if (load) expect(load).toHaveBeenCalledTimes(route.preloads ? 1 : 0);
    },
  );

  it('asks a listing near a place for that place too (its heading names it)', async () => {
    const fetch = stubFetch({});
    preloadRoute(createTestQueryClient(), { pathname: '/home/plomero', search: '?near=0204201001' });
    await waitFor(() => expect(fetch.urls()).toHaveLength(3));
    expect(fetch.callsTo('/home/localities/0204201001')).toHaveLength(1);
    expect(fetch.callsTo('/home/professionals')[0]!.searchParams.get('near')).toBe('0204201001');
  });

  it("hands the server's renders only the routes first served so", () => {
    for (const route of ROUTES) {
      const location = { pathname: urlOf(route.path), search: '' };
      expect(Boolean(firstPageOf(location, 'rendered-with-data'))).toBe(route.firstServed === 'rendered-with-data');
      expect(Boolean(firstPageOf(location, 'rendered-for-visitor'))).toBe(route.firstServed === 'rendered-for-visitor');
    }
  });
});

describe("the build's prerender", () => {
  it('renders every route with a file at a URL of that route, with its chunk, then the shell at a URL only the 404 takes', () => {
    const withFile = ROUTES.filter((route): route is RouteDeclaration & { file: string } => Boolean(route.file));
    expect(PRERENDERED_PAGES.map((page) => page.file)).toEqual([...withFile.map((route) => route.file), APP_SHELL.file]);
    for (const route of withFile) {
      const page = PRERENDERED_PAGES.find((candidate) => candidate.file === route.file)!;
      expect(routeAt(page.url)).toBe(route);
      expect(page.chunk).toBe(route.lazy ? route.module : undefined);
      expect(Boolean(page.withData)).toBe(route.firstServed === 'rendered-with-data');
      expect(Boolean(page.signedIn)).toBe(route.firstServed === 'rendered-for-visitor');
      expect(Boolean(page.content)).toBe(route.firstServed === 'prerendered' || route.firstServed === 'rendered-with-data');
      if (page.signedIn) expect(page.showsAtOnce).toEqual([...SIGNED_IN_TOP_BAR, ...(route.showsAtOnce ?? [])]);
    }
    expect(routeAt(APP_SHELL.url).path).toBe('*');
  });
});
