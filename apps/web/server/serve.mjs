#!/usr/bin/env node
/**
 * The production web server of the SPA (`npm start`, docker compose and the browser tests): Fastify serving the
 * built app (`vite build`), with
 * - the brotli and gzip copies made at build time (build/precompress.ts) chosen by `Accept-Encoding` (with `Vary`);
 * - `Cache-Control: public, max-age=31536000, immutable` on the hashed files of /assets, `no-cache` on the HTML
 *   (revalidated by its ETag) and a day on the other public files (favicon, placeholder image);
 * - `/` answered with landing.html (the landing's first render, made at build time), when the build made one;
 * - the listing's pages (/home, /home/plomero?rating=4) and the professionals' (/detail/3) rendered with their data
 *   when asked for (first-pages.mjs), so the cards, or the professional, and their photos paint before any script runs;
 * - the visitor's own pages (/details/me, /admin) rendered likewise with the session the API answers for the cookies
 *   the request brings (`private, no-store`: for that visitor alone), which reach this server when it shares the
 *   API's host name (cookies ignore ports); without cookies, their shell;
 * - the SPA's routes (a path whose last part has no file extension: /home/plomero, /detail/3) answered with 200 and
 *   their shell made at build time (listing.html for /home and /home/*, detail.html for /detail/*, cart.html, the
 *   cart's page, for /cart, app.html for the others; index.html when the build made none); a missing file
 *   (/assets/nope.js, /favicon-x.png) answered 404;
 * - the security headers of security-headers.mjs on every answer (HSTS only over https).
 *
 * Settings (environment): WEB_PORT (3000), WEB_HOST (localhost; 0.0.0.0 in a container), WEB_DIST_DIR (apps/web/dist),
 * the API's address the bundle was built with, for the CSP: VITE_API_URL, else PUBLIC_API_URL (http://localhost:3001),
 * and VITE_PAYMENTS_API_URL when payments have an API of their own; WEB_RENDER_API_URL (that same API address): where
 * this server reaches the API to render the listing's and the detail's pages (inside compose, its service's address);
 * TRUST_PROXY (false): whether to believe a proxy's X-Forwarded-Proto (true, a number of hops, or addresses/CIDRs
 * separated by commas), LOG_LEVEL (warn).
 */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { chosenEncoding, encoded, firstPages } from './first-pages.mjs';
import { originOf, securityHeaders, strictTransportSecurity } from './security-headers.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILE = 'public, max-age=86400';
/** The last part of the path looks like a file name (`x.js`, `favicon-x.png`): never an app route. */
const FILE_LIKE = /\.[a-z0-9]{1,12}$/i;

/** TRUST_PROXY as Fastify's `trustProxy`: false, true, a hop count, or a list of addresses/CIDRs. */
function trustProxyOf(value) {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting.split(',').map((part) => part.trim());
}

export function settingsFrom(env) {
  const apiUrl = env.VITE_API_URL || env.PUBLIC_API_URL || 'http://localhost:3001';
  const apiOrigins = [originOf(apiUrl), ...(env.VITE_PAYMENTS_API_URL ? [originOf(env.VITE_PAYMENTS_API_URL)] : [])];
  return {
    port: Number(env.WEB_PORT || 3000),
    host: env.WEB_HOST || 'localhost',
    distDir: resolve(env.WEB_DIST_DIR || fileURLToPath(new URL('../dist', import.meta.url))),
    apiOrigins,
    renderApiUrl: (env.WEB_RENDER_API_URL || apiUrl).replace(/\/+$/, ''),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL === 'debug' ? 'info' : env.LOG_LEVEL === 'error' ? 'error' : 'warn',
  };
}

export async function buildServer(settings) {
  if (!existsSync(resolve(settings.distDir, 'index.html'))) {
    throw new Error(`No hay una SPA compilada en ${settings.distDir}: ejecute "npm run build -w @oficios/web" antes`);
  }
  const app = Fastify({ trustProxy: settings.trustProxy, logger: { level: settings.logLevel }, return503OnClosing: true });
  const headers = securityHeaders(settings.apiOrigins);
  const hashedAssets = join(settings.distDir, 'assets') + sep;

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
  });

  await app.register(fastifyStatic, {
    root: settings.distDir,
    preCompressed: true,
    // index.html is answered by the SPA fallback below, with its own cache rule; `/` included.
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, path) {
      const file = path.replace(/\.(br|gz)$/, '');
      if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (file.startsWith(hashedAssets)) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', PUBLIC_FILE);
    },
  });

  // Each page's first render made at build time (build/prerender-pages.ts), when the build made it, so the page paints
  // before any script runs: the landing, the listing's and the detail's shells (which also list their route's scripts),
  // the cart's page, the other routes' shell; else the empty index.html.
  const prerendered = (file, otherwise = 'index.html') => (existsSync(resolve(settings.distDir, file)) ? file : otherwise);
  const landing = prerendered('landing.html');
  const appShell = prerendered('app.html');
  const cartPage = prerendered('cart.html', appShell);
  const shells = {
    'listing.html': prerendered('listing.html'),
    'detail.html': prerendered('detail.html'),
    'profile.html': prerendered('profile.html', appShell),
    'admin.html': prerendered('admin.html', appShell),
  };
  const renderedPages = await firstPages({ distDir: settings.distDir, apiUrl: settings.renderApiUrl, log: app.log });

  /** The page with its data when it can be rendered now, else its shell (the app then asks for the data itself). */
  async function sendFirstPage(request, reply, file) {
    const page = renderedPages && (await renderedPages.page(request.url, file));
    if (!page) return reply.sendFile(shells[file]);
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  }

  /**
   * The visitor's own page rendered with their session when they bring cookies (first-pages.mjs), else its shell. The
   * page is theirs alone: no cache may keep it, nor answer it to a request with other cookies.
   */
  async function sendSignedInPage(request, reply, file) {
    const cookie = request.headers.cookie;
    const html = cookie && renderedPages ? await renderedPages.signedInPage(request.url, file, cookie) : null;
    if (!html) return reply.sendFile(shells[file]);
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoded(html, encoding));
  }

  // `/` here: the static plugin would refuse the folder itself (index files off).
  app.get('/', (_request, reply) => reply.sendFile(landing));
  // Anything not a file: an app route gets its prerendered shell (the SPA routes it), a missing file a 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || FILE_LIKE.test(path) || path.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if (path === '/home' || path.startsWith('/home/')) return sendFirstPage(request, reply, 'listing.html');
    if (path.startsWith('/detail/')) return sendFirstPage(request, reply, 'detail.html');
    if (path === '/cart') return reply.sendFile(cartPage);
    if (path === '/details/me') return sendSignedInPage(request, reply, 'profile.html');
    if (path === '/admin') return sendSignedInPage(request, reply, 'admin.html');
    return reply.sendFile(appShell);
  });

  return app;
}

async function main() {
  const settings = settingsFrom(process.env);
  const app = await buildServer(settings);
  await app.listen({ port: settings.port, host: settings.host });
  const shown = settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
  console.log(`Web en http://${shown}:${settings.port} (SPA de ${settings.distDir}, API ${settings.apiOrigins.join(', ')})`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
