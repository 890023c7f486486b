// The pages the server renders (src/app/route-manifest.json: `rendered-with-data`, kept a few seconds per URL;
// `rendered-for-visitor`, per request, never kept), so their content paints before any script runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RENDERED_FILES } from './routes.mjs';

// As build/prerender-pages.ts writes them (SERVER_RENDERER_DIR, FIRST_PAGE_OUTLET).
const RENDERER_DIR = '.ssr';
const OUTLET = '<!--first-page-->';

/** How long a rendered page (or a failed render) is reused, how long a render may take, how many pages are kept. */
export const FIRST_PAGE_TTL_MS = 5_000;
export const FIRST_PAGE_TIMEOUT_MS = 1_000;
const KEPT_PAGES = 200;
/** Renders under way at most: beyond them (a flood of distinct URLs) pages go out as their shell, costing nothing. */
const RENDERS_AT_ONCE = 4;

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The renderer of the listing's and the detail's pages, or null when the build made none (the shells only, then).
 * `apiUrl` is where this server reaches the API (inside compose, not the browser's address).
 */
export async function firstPages({ distDir, apiUrl, log, ttlMs = FIRST_PAGE_TTL_MS, timeoutMs = FIRST_PAGE_TIMEOUT_MS }) {
  const dir = join(distDir, RENDERER_DIR);
  if (!existsSync(join(dir, 'prerender.js')) || !RENDERED_FILES.every((file) => existsSync(join(dir, file)))) return null;
  const renderer = await import(pathToFileURL(join(dir, 'prerender.js')).href);
  renderer.setServerApiUrl(apiUrl);
  const templates = new Map(RENDERED_FILES.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
  for (const [file, template] of templates) if (!template.includes(OUTLET)) throw new Error(`${join(dir, file)} no tiene ${OUTLET}`);
  const kept = new Map();
  let rendering = 0;

  /** A page's HTML: `file`'s template with the content `renderContent` makes (null: no such page). */
  async function render(file, renderContent) {
    const template = templates.get(file);
    if (!template) return null;
    const content = await withTimeout(renderContent(), timeoutMs);
    if (content === null) return null;
    // A function: a `$&` in a professional's text would otherwise be read as a replacement pattern.
    return Buffer.from(template.replace(OUTLET, () => content));
  }

  return {
    /**
     * The page at `url` (path and query) in `file`'s template (listing.html, detail.html), as { html, br, gzip }; null
     * when it could not be rendered now.
     */
    page(url, file) {
      const now = Date.now();
      const hit = kept.get(url);
      if (hit && hit.until > now) return hit.page;
      if (rendering >= RENDERS_AT_ONCE) return Promise.resolve(null);
      const page = limited(url, () => render(file, () => renderer.renderFirstPage(url))).then(
        (html) => html && { html, br: encoded(html, 'br'), gzip: encoded(html, 'gzip') },
      );
      kept.delete(url);
      kept.set(url, { until: now + ttlMs, page });
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value);
      return page;
    },

    /**
     * The signed-in visitor's own page at `url` (profile.html, admin.html), rendered as the API answers the visitor's
     * `cookie` (their Cookie header), as HTML; null when it could not be rendered now. Never kept: the page is theirs
     * alone, and shows what they see now.
     */
    signedInPage(url, file, cookie) {
      return limited(url, () => render(file, () => renderer.renderSignedInPage(url, cookie)));
    },
  };

  /** A render, unless RENDERS_AT_ONCE are under way; null (the shell) when it could not be done. */
  function limited(url, renderPage) {
    if (rendering >= RENDERS_AT_ONCE) return Promise.resolve(null);
    rendering += 1;
    return renderPage()
      .catch((error) => {
        // An answer such as 404 (no such professional) is the page's to show, not a fault of this server's.
        const answered = typeof error?.status === 'number' && error.status >= 400 && error.status < 500;
        const reason = error instanceof Error ? error.message : String(error);
        if (answered) log.info(`${url} sale sin sus datos (la API respondió ${error.status}): ${reason}`);
        else log.warn(`No se pudo mostrar ${url} con sus datos (se envía su esqueleto): ${reason}`);
        return null;
      })
      .finally(() => {
        rendering -= 1;
      });
  }
}

/** `html` compressed for the wire: `br` (quality 5: fast enough to do per page), `gzip`, or as it is (null). */
export function encoded(html, encoding) {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

/** The encoding to send by the request's Accept-Encoding: brotli, else gzip, else none (a `q=0` refuses one). */
export function chosenEncoding(acceptEncoding) {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
