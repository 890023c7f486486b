#!/usr/bin/env node
// The SPA's production server (never `vite preview`): precompressed files, cache rules, security headers, and each
// route's first page as src/app/route-manifest.json says. Its settings: settingsFrom (the README lists them).
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { chosenEncoding, encoded, firstPages } from './first-pages.mjs';
import { APP_SHELL, pageRouteOf } from './routes.mjs';
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

  // A page's file made at build time (build/prerender-pages.ts); the app's shell, or the bare index.html, without it.
  const prerendered = (file, otherwise = 'index.html') => (existsSync(resolve(settings.distDir, file)) ? file : otherwise);
  const appShell = prerendered(APP_SHELL.file);
  const pageFile = (file) => prerendered(file, appShell);
  const renderedPages = await firstPages({ distDir: settings.distDir, apiUrl: settings.renderApiUrl, log: app.log });

  /** The page with its data when it can be rendered now, else its shell (the app then asks for the data itself). */
  async function sendFirstPage(request, reply, file) {
    const page = renderedPages && (await renderedPages.page(request.url, file));
    if (!page) return reply.sendFile(pageFile(file));
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
    if (!html) return reply.sendFile(pageFile(file));
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoded(html, encoding));
  }

  /** A route's first page, served as the manifest says. */
  function sendRoute(request, reply, path) {
    const route = pageRouteOf(path);
    if (route?.firstServed === 'rendered-with-data') return sendFirstPage(request, reply, route.file);
    if (route?.firstServed === 'rendered-for-visitor') return sendSignedInPage(request, reply, route.file);
    return reply.sendFile(route ? pageFile(route.file) : appShell);
  }

  // `/` here: the static plugin would refuse the folder itself (index files off).
  app.get('/', (request, reply) => sendRoute(request, reply, '/'));
  // Anything not a file: an app route gets its prerendered shell (the SPA routes it), a missing file a 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || FILE_LIKE.test(path) || path.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    return sendRoute(request, reply, path);
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
