import { createHash } from 'node:crypto';

/**
 * How long the loader waits for the page's `load` at most: a photo whose host hangs must not keep the app from
 * starting (the browser may wait minutes for it).
 */
export const APP_LOADER_MAX_WAIT_MS = 2_500;
/** How many `<link rel="modulepreload">` the loader adds in one task. */
export const PRELOADS_PER_TASK = 8;

/**
 * The script that starts the app on a page whose HTML already shows its content (the landing, the listing, the
 * detail: build/prerender-pages.ts). It starts it once the page has loaded (its stylesheet, the photos in view) and
 * been painted, or after APP_LOADER_MAX_WAIT_MS: the app's scripts then do not compete with them for the network
 * and the processor before the page is first shown whole.
 * A classic script (a module's currentScript is null): it reads the app's entry and the scripts to preload from its
 * own element. The CSP allows no inline script, so it is a file of its own.
 */
export const APP_LOADER_SOURCE = `(function () {
  var loader = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = loader.getAttribute('data-entry');
    document.head.appendChild(app);
    preload((loader.getAttribute('data-preload') || '').split(' ').filter(Boolean));
  }
  // A few at a time, one task each: the listing's dozens of links added in one task would block the page.
  function preload(hrefs) {
    hrefs.slice(0, ${PRELOADS_PER_TASK}).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length > ${PRELOADS_PER_TASK}) setTimeout(preload, 0, hrefs.slice(${PRELOADS_PER_TASK}));
  }
  // After the frame that follows the load: the page is then painted whole (its largest photo too) before the app is
  // asked for. (A hidden tab paints no frame: there the time limit starts it.)
  function afterNextFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterNextFrame();
  else window.addEventListener('load', afterNextFrame);
  setTimeout(start, ${APP_LOADER_MAX_WAIT_MS});
})();
`;

/** The loader's file in the build's assets, named by its content like Vite's (served as immutable). */
export const appLoaderFile = (): string =>
  `assets/app-loader-${createHash('sha256').update(APP_LOADER_SOURCE).digest('hex').slice(0, 8)}.js`;

/**
 * index.html (with a route's preloads) made to start the app through the loader: the app's module script and its
 * `<link rel="modulepreload">`s give way to one deferred loader script that names them.
 */
export function startAppAfterLoad(html: string, loaderFile: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html sin el script de módulo de la app');
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)].map((match) => match[1]);
  return html
    .replace(/\n[ \t]*<link rel="modulepreload"[^>]*>(?=\n)/g, '') // index.html's own, one a line
    .replace(/<link rel="modulepreload"[^>]*>/g, '') // a route's, in a row before </head>
    .replace(entry[0], () => `<script defer src="/${loaderFile}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`);
}
