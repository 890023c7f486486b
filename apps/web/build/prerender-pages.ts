import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { RENDERED_WHOLE } from '../src/app/rendered-whole';
import { APP_LOADER_SOURCE, appLoaderFile, startAppAfterLoad } from './app-loader';
import { PRERENDERED_PAGES } from './prerendered-pages';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Where the build keeps the server renderer (src/prerender.tsx, bundled for Node) inside the SPA's folder: a dot
 * folder, which the web server never serves and the compressed copies leave out. serve.mjs renders the pages served
 * `rendered-with-data` and `rendered-for-visitor` with it (server/first-pages.mjs).
 */
export const SERVER_RENDERER_DIR = '.ssr';
/**
 * The pages the server renders (with their data, or for the visitor) get their template there, under their own file
 * name: the shell with FIRST_PAGE_OUTLET as the root element's content.
 */
export const FIRST_PAGE_OUTLET = '<!--first-page-->';

/** What `build.manifest` writes of each chunk (the part read here). */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for every script the route's chunks need (themselves and what they import, transitively)
 * that the page does not already load: the browser fetches them alongside the entry, and the preload helper of the
 * chunk's `import()`, finding them in the page, adds none one at a time once the app runs.
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
 * and, on the landing, the hero then paint as soon as the HTML and the stylesheet arrive, before any script runs. The
 * pages rendered whole (the landing, the cart: RENDERED_WHOLE)
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
