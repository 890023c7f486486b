import { appShell, routes, signedInTopBar } from './route-manifest.json';

/**
 * How a route's page is first served (the web server, server/serve.mjs, reads the same file):
 * - `prerendered`: its whole first render is made at build time (the landing, the cart) and hydrated by the app;
 * - `rendered-with-data`: the server renders it with its data, kept a few seconds for everyone (the listing, the
 *   detail); its shell, made at build time, when the API does not answer;
 * - `rendered-for-visitor`: the server renders it with the session the visitor's cookies bring, never kept (their
 *   profile, the admin panel); its shell without cookies;
 * - `app-shell`: the app's shell (the top bar, a loading placeholder, the footer), which the app renders over.
 */
export type FirstServed = 'prerendered' | 'rendered-with-data' | 'rendered-for-visitor' | 'app-shell';

/** The queries a first page asks for while the app starts, and the server renders it with (see route-preload.ts). */
export type Preload = 'professionals' | 'professions' | 'place' | 'professional' | 'reviews' | 'session';

export interface RouteDeclaration {
  /** The router's pattern. The listing's `:profession` is optional so its page stays mounted while the URL follows the filters. */
  path: string;
  /** The module of the route's page, from apps/web (the key of its chunk in Vite's manifest when `lazy`). */
  module: string;
  /** Its own chunk, loaded on first visit; else in the entry bundle. */
  lazy: boolean;
  firstServed: FirstServed;
  /** The file the build writes its first render (or shell) to, and the server sends. */
  file?: string;
  /** What its first page asks for while the app starts, besides its chunk; nothing at all, not even the chunk, when absent. */
  preloads?: readonly Preload[];
  /** Lazy parts the page shows at once: their scripts are listed with the route's. */
  showsAtOnce?: readonly string[];
}

/** The web's routes, in the router's order: the one list the router, the preloader, the build and the server read. */
export const ROUTES = routes as readonly RouteDeclaration[];

/** The shell of the routes served `app-shell`, rendered at build time at a path no route but the 404 names. */
export const APP_SHELL: { url: string; file: string } = appShell;

/** The top bar's lazy parts for a signed-in visitor: shown at once on the pages rendered for the visitor. */
export const SIGNED_IN_TOP_BAR: readonly string[] = signedInTopBar;

/** The URL the build renders a route's page at: its optional parameters left out, any other one `0`. */
export function prerenderUrlOf(path: string): string {
  return path
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? '0' : segment))
    .join('/');
}
