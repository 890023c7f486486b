import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { RENDERED_WHOLE } from '../src/app/rendered-whole';
import { APP_LOADER_SOURCE, appLoaderFile, startAppAfterLoad } from './app-loader';

/**
 * The top bar's lazy parts for a signed-in visitor (app/layout/top-bar.tsx). Listed with the page's scripts, the loader
 * asks for them a few at a time; else Vite's preload helper adds a link for each of their files in the task that
 * hydrates the bar (67 ms in one sampled load of the profile).
 */
const SIGNED_IN_TOP_BAR = [
  'src/app/layout/account-menu.tsx',
  'src/features/conversations/components/messages-link.tsx',
  'src/features/notifications/components/notifications-bell.tsx',
];

/**
 * The pages rendered at build time, and the file each is written to. apps/web/server/serve.mjs answers `/` with the
 * landing, `/home` and `/home/*` with the listing's page rendered with its data when it can (else the listing's
 * shell), `/detail/*` with the detail's likewise, `/cart` with the cart's page, `/details/me` and `/admin` with the
 * visitor's page rendered with their session when they bring cookies (else their shells), and every other app route
 * with the app's shell (the top bar, the page's loading placeholder and the footer, from a path no route names: no
 * navigation link is current). A page's `chunk` is its lazy route's module: the shell lists that chunk's scripts.
 * `withData`: the server renders the page again with its data when asked for (first-pages.mjs), from a template.
 * The cart's chunk is loaded before rendering (prerender.tsx): its page is in the HTML, with what only the browser
 * knows (its cart, its session) as a placeholder.
 * The pages whose HTML shows their content (`content`: the landing, the cart, and the listing and the detail as the
 * server renders them with their data) start the app once they have loaded (build/app-loader.ts); the shell of the
 * others is only a frame, and their app starts at once.
 * `signedIn`: the visitor's own pages (the profile, the admin panel), which the server renders with the visitor's session
 * when the request brings cookies (first-pages.mjs), from a template that starts the app once loaded; their shell, for
 * a visitor the server could not render for, is only a frame.
 */
export const PRERENDERED_PAGES: readonly {
  url: string;
  file: string;
  chunk?: string;
  withData?: true;
  content?: true;
  signedIn?: true;
  /** Lazy parts (their modules) the page shows at once: their scripts are listed with the route's. */
  showsAtOnce?: readonly string[];
}[] = [
  { url: '/', file: 'landing.html', content: true },
  { url: '/home', file: 'listing.html', chunk: 'src/app/routes/catalog-route.tsx', withData: true, content: true },
  { url: '/detail/0', file: 'detail.html', chunk: 'src/app/routes/detail-route.tsx', withData: true, content: true },
  { url: '/cart', file: 'cart.html', chunk: 'src/features/cart/components/cart-page.tsx', content: true },
  {
    url: '/details/me',
    file: 'profile.html',
    chunk: 'src/app/routes/my-profile-route.tsx',
    signedIn: true,
    showsAtOnce: [
      ...SIGNED_IN_TOP_BAR,
      'src/features/profile/components/professional-profile.tsx',
      'src/features/profile/components/client-profile.tsx',
    ],
  },
  {
    url: '/admin',
    file: 'admin.html',
    chunk: 'src/features/admin/components/admin-page.tsx',
    signedIn: true,
    showsAtOnce: SIGNED_IN_TOP_BAR,
  },
  { url: '/__app', file: 'app.html' },
];
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Where the build keeps the server renderer (src/prerender.tsx, bundled for Node) inside the SPA's folder: a dot
 * folder, which the web server never serves and the compressed copies leave out. serve.mjs renders the listing's
 * pages with it when they are asked for (server/first-pages.mjs).
 */
export const SERVER_RENDERER_DIR = '.ssr';
/**
 * The pages the server renders with their data (those with a route `chunk`: the listing's, the detail's) get their
 * template there, under their own file name: the shell with FIRST_PAGE_OUTLET as the root element's content.
 */
export const FIRST_PAGE_OUTLET = '<!--first-page-->';

/** What `build.manifest` writes of each chunk (the part read here). */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for every script the route's chunks need (themselves and what they import, transitively)
 * that the page does not already load. In the HTML the browser fetches them alongside the entry, where the preload
 * helper of the chunk's `import()` would add them only once the app runs, one element at a time (for the listing's
 * 70-odd files, half of a 500 ms task under Lighthouse's slowdown); finding them in the page, the helper adds none.
 */
export function routePreloadLinks(manifest: Manifest, chunks: readonly string[], html: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`El manifiesto no tiene ${key}`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    entry.imports?.forEach(visit);
  };
  chunks.forEach(visit);
  return [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('');
}

/**
 * The build step that writes PRERENDERED_PAGES: index.html with each page's first render inside its root element,
 * made by rendering the app in Node (src/prerender.tsx, bundled for the server into a temporary folder). The top bar
 * and, on the landing, the hero then paint as soon as the HTML and the stylesheet arrive, before any script runs (every
 * page's first paint waited for the whole app before). The pages rendered whole (the landing, the cart: RENDERED_WHOLE)
 * are hydrated by the app, which takes their HTML over as it is; the shells' it renders over, from the same first state
 * (a lazy page's placeholder is the one its Suspense boundary shows while its chunk loads).
 * The server renderer stays in SERVER_RENDERER_DIR, with the templates of the pages it renders, for the web server's own renders.
 */
export function prerenderPages(): Plugin {
  let outDir = '';
  let root = '';
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'oficios:prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      mode = config.mode;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const serverDir = join(outDir, SERVER_RENDERER_DIR);
        // React's production builds (its JSX runtime, its server renderer) whatever NODE_ENV this build runs under
        // (Jest's is 'test'): the development renderer writes its warnings, with the bundle's file paths, into the HTML.
        const nodeEnv = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
          await build({
            root,
            configFile,
            mode,
            logLevel: 'warn',
            build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          });
          const { renderFirstPaint, loadPagesRenderedWhole } = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
            renderFirstPaint: (url: string) => string;
            loadPagesRenderedWhole: () => Promise<void>;
          };
          await loadPagesRenderedWhole();
          const pages = PRERENDERED_PAGES.map((page) => ({ ...page, html: renderFirstPaint(page.url) }));
          const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
          if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html sin ${ROOT_ELEMENT}`);
          const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
          const loaderFile = appLoaderFile();
          writeFileSync(join(outDir, loaderFile), APP_LOADER_SOURCE);
          for (const page of pages) {
            const preloads = page.chunk ? routePreloadLinks(manifest, [page.chunk, ...(page.showsAtOnce ?? [])], shell) : '';
            // Replaced by functions: a `$&` or `$'` in the page's text would otherwise be read as a replacement pattern.
            const withPreloads = shell.replace('</head>', () => `${preloads}</head>`);
            // A page whose content is all made here (the landing, the cart) is hydrated by the app (main.tsx): its
            // HTML is the app's first render, so React takes it over as it is instead of drawing it again.
            const root =
              page.content && !page.withData ? `<div id="root" ${RENDERED_WHOLE.attribute}="${RENDERED_WHOLE.value}">` : '<div id="root">';
            const startingApp = (afterLoad: boolean | undefined) =>
              afterLoad ? startAppAfterLoad(withPreloads, loaderFile) : withPreloads;
            writeFileSync(
              join(outDir, page.file),
              startingApp(page.content).replace(ROOT_ELEMENT, () => `${root}${page.html}</div>`),
            );
            // The server's renders show the page itself: the app starts once it has loaded.
            if (page.withData || page.signedIn) {
              writeFileSync(
                join(serverDir, page.file),
                startingApp(true).replace(ROOT_ELEMENT, () => `<div id="root">${FIRST_PAGE_OUTLET}</div>`),
              );
            }
          }
        } finally {
          if (nodeEnv === undefined) delete process.env.NODE_ENV;
          else process.env.NODE_ENV = nodeEnv;
        }
      },
    },
  };
}
