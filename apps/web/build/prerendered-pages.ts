import { APP_SHELL, prerenderUrlOf, ROUTES, SIGNED_IN_TOP_BAR } from '../src/app/route-manifest';

/** A page the build renders (src/app/route-manifest.json), and how. */
export interface PrerenderedPage {
  /** The URL it is rendered at. */
  url: string;
  file: string;
  /** Its lazy route's module: the page lists that chunk's scripts. */
  chunk?: string;
  /** Rendered again by the server with its data (server/first-pages.mjs), from a template. */
  withData?: true;
  /** Its HTML shows its content, so the app starts once the page has loaded; a shell's starts at once. */
  content?: true;
  /** Rendered again by the server with the visitor's session, from a template; its shell is only a frame. */
  signedIn?: true;
  /** Lazy parts (their modules) the page shows at once: their scripts are listed with the route's. */
  showsAtOnce?: readonly string[];
}

/** Every route with a file of its own, then the app's shell (for the routes served `app-shell`). */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...ROUTES.flatMap(({ path, module, lazy, firstServed, file, showsAtOnce }): PrerenderedPage[] => {
    if (!file) return [];
    const page: PrerenderedPage = { url: prerenderUrlOf(path), file, ...(lazy && { chunk: module }) };
    if (firstServed === 'prerendered') return [{ ...page, content: true }];
    if (firstServed === 'rendered-with-data') return [{ ...page, withData: true, content: true }];
    if (firstServed === 'rendered-for-visitor')
      return [{ ...page, signedIn: true, showsAtOnce: [...SIGNED_IN_TOP_BAR, ...(showsAtOnce ?? [])] }];
    throw new Error(`${path}: una ruta servida como ${firstServed} no tiene archivo propio`);
  }),
  APP_SHELL,
];
