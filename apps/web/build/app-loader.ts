import { createHash } from 'node:crypto';

/**
 * How long the loader waits for the page's `load` at most: a photo whose host hangs must not keep the app from
 * starting (the browser may wait minutes for it).
 */
export const APP_LOADER_MAX_WAIT_MS = 2_500;
/** How many `<link rel="modulepreload">` the loader adds in one task. */
export const PRELOADS_PER_TASK = 8;

/** How long a click kept for the app waits at most (the app could not start: nothing would answer it). */
export const KEPT_CLICK_MAX_WAIT_MS = 20_000;
/**
 * Once the app runs, how long a kept click still waits for React to take its element over (a part whose code is still
 * coming) before it is handed over as it is.
 */
export const KEPT_CLICK_AFTER_START_MS = 1_000;
/** How often kept clicks look whether their element is React's yet. */
const KEPT_CLICK_CHECK_MS = 50;

/**
 * The script that starts the app on a page whose HTML already shows its content (the landing, the listing, the
 * detail: build/prerender-pages.ts). It starts it once the page has loaded (its stylesheet, the photos in view) and
 * been painted, or after APP_LOADER_MAX_WAIT_MS: the app's scripts then do not compete with them for the network
 * and the processor before the page is first shown whole. A person who touches the page, a key or the pointer, starts
 * it at once: they want it now.
 * Until React has taken an element over (hydrated it), a click on it would do nothing (React replays the clicks only
 * of roots it has created, and only for parts whose code it has): the loader keeps such a click and gives it to the
 * same element once React owns it (React marks the elements it owns with its `__reactProps$…` key), or, on a page
 * React draws anew (a shell), to the element in the same place with the same text. Real links and form fields work
 * without the app and are left to the browser.
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
  ['pointerdown', 'touchstart', 'keydown'].forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true, once: true });
  });

  // Clicks made before React owns their element, kept until it does.
  var ACTIONABLE = 'button, summary, [role], [tabindex]';
  var NATIVE = 'a[href], input, textarea, select, label, [contenteditable]';
  var kept = [];
  var appStartedAt = 0;
  var replaying = false;
  var root = document.getElementById('root');
  function isReacts(element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }
  // The app marks the page once its route's page is React's (<html data-app="started">: app-started-mark.tsx).
  var appStarted = new MutationObserver(function () {
    if (document.documentElement.getAttribute('data-app') !== 'started') return;
    appStartedAt = Date.now();
    appStarted.disconnect();
  });
  appStarted.observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });
  function appRunsSince() {
    return appStartedAt ? Date.now() - appStartedAt : -1;
  }
  // Where the element is under the root (child indices), to find its like should React draw the page anew.
  function placeOf(element) {
    var place = [];
    for (var node = element; node && node !== root; node = node.parentElement) {
      place.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return place;
  }
  function elementNow(click) {
    if (click.element.isConnected) return click.element;
    var node = root;
    for (var i = 0; node && i < click.place.length; i++) node = node.children[click.place[i]];
    var same = node && node.tagName === click.element.tagName && node.textContent.trim() === click.text;
    return same ? node : null;
  }
  function replay(element, event) {
    replaying = true;
    try {
      element.dispatchEvent(
        new MouseEvent('click', {
          bubbles: true,
          cancelable: true,
          composed: true,
          view: window,
          detail: event.detail,
          screenX: event.screenX,
          screenY: event.screenY,
          clientX: event.clientX,
          clientY: event.clientY,
          ctrlKey: event.ctrlKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          metaKey: event.metaKey,
          button: event.button,
          buttons: event.buttons,
        }),
      );
    } finally {
      replaying = false;
    }
  }
  function checkKept() {
    var runs = appRunsSince();
    kept = kept.filter(function (click) {
      var target = elementNow(click);
      if (Date.now() - click.at > ${KEPT_CLICK_MAX_WAIT_MS}) return false;
      // Drawn anew and not there yet (its part still loading): it may come in a moment.
      if (!target) return runs < ${KEPT_CLICK_AFTER_START_MS};
      var owner = target.closest(ACTIONABLE) || target;
      if (!isReacts(owner) && runs < ${KEPT_CLICK_AFTER_START_MS}) return true;
      replay(target, click.event);
      return false;
    });
    if (kept.length) setTimeout(checkKept, ${KEPT_CLICK_CHECK_MS});
  }
  window.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      if (replaying || !root || !(target instanceof Element) || !root.contains(target) || target.closest(NATIVE)) return;
      var owner = target.closest(ACTIONABLE) || target;
      if (isReacts(owner) || appRunsSince() >= ${KEPT_CLICK_AFTER_START_MS}) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // A second click on the same element while the first waits is the same wish, not a second one.
      if (kept.some(function (click) { return click.element === target; })) return;
      kept.push({ element: target, place: placeOf(target), text: target.textContent.trim(), event: event, at: Date.now() });
      start();
      if (kept.length === 1) setTimeout(checkKept, ${KEPT_CLICK_CHECK_MS});
    },
    true,
  );
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
