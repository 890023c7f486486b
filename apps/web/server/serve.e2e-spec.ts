import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { appLoaderFile, startAppAfterLoad } from '../build/app-loader';
import { API_URL, buildSpaIfMissing, DIST, freePort, get, startServer, varyOf, WEB } from './serve-test-support';

/**
 * The production web server (serve.mjs) on the built SPA, as `npm start` and compose run it: the compressed copies
 * by negotiation, the cache rules, the SPA's routes, 404 for missing files and the security headers. (The pages it
 * renders with their data: first-pages.e2e-spec.ts.)
 */
beforeAll(buildSpaIfMissing, 180_000);

describe('the production web server', () => {
  let port: number;
  let server: ChildProcess;
  let indexHtml: Buffer;
  let landingHtml: Buffer;
  let listingHtml: Buffer;
  let detailHtml: Buffer;
  let appHtml: Buffer;
  let cartHtml: Buffer;
  let manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  let entryAsset: string;

  beforeAll(async () => {
    port = await freePort();
    ({ child: server } = await startServer({
      WEB_PORT: String(port),
      WEB_HOST: '127.0.0.1',
      VITE_API_URL: API_URL,
      // Nothing listens there: the listing's pages cannot be rendered with their data, and their shell goes out.
      WEB_RENDER_API_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: '127.0.0.1',
    }));
    indexHtml = readFileSync(join(DIST, 'index.html'));
    landingHtml = readFileSync(join(DIST, 'landing.html'));
    listingHtml = readFileSync(join(DIST, 'listing.html'));
    detailHtml = readFileSync(join(DIST, 'detail.html'));
    appHtml = readFileSync(join(DIST, 'app.html'));
    cartHtml = readFileSync(join(DIST, 'cart.html'));
    manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
    entryAsset = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
  });

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('sends a hashed asset brotli- or gzip-compressed by Accept-Encoding, cached for a year as immutable', async () => {
    const original = readFileSync(join(DIST, entryAsset));
    expect(entryAsset).toMatch(/^assets\/index-[\w-]+\.js$/);

    const brotli = await get(port, `/${entryAsset}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(port, `/${entryAsset}`, { 'accept-encoding': 'gzip' });
    const plain = await get(port, `/${entryAsset}`, { 'accept-encoding': 'identity' });

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);
    expect(brotli.body.length).toBeLessThan(original.length / 2);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(answer)).toContain('accept-encoding');
    }
  });

  it('sends index.html with no-cache and the security headers: a CSP that lets it reach only itself and the API', async () => {
    const answer = await get(port, '/', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).equals(landingHtml)).toBe(true);
    expect(answer.headers['cache-control']).toBe('no-cache');
    // The API's connection opens while the scripts load (the first page's data and photos come from there).
    expect(indexHtml.toString()).toMatch(/<link rel="preconnect" href="https?:\/\/[^"/]+" crossorigin="use-credentials">/);

    const csp = Object.fromEntries(
      String(answer.headers['content-security-policy'])
        .split(/\s*;\s*/)
        .map((directive) => {
          const [name, ...values] = directive.split(/\s+/);
          return [name, values];
        }),
    );
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", API_URL, 'wss://api.oficios.example']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", API_URL]));
    expect(csp['img-src'].filter((source: string) => /^https?:/.test(source))).toEqual([API_URL, 'https://*.googleusercontent.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http: no HSTS (browsers ignore it there, and it would pin a host that has no https).
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('revalidates index.html by its ETag (304), and sends HSTS only over https (as a trusted proxy says)', async () => {
    const first = await get(port, '/', { 'accept-encoding': 'gzip' });
    const again = await get(port, '/', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const overHttps = await get(port, '/', { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("answers / with the landing page's first render, made at build time: it paints before any script runs", async () => {
    const landing = (await get(port, '/')).body.toString();
    expect(landing).toContain('<h1>Profesionales de confianza para tu hogar</h1>');
    expect(landing).toContain('data-testid="top-bar"');
    // index.html with the render inside its root element, and the app started by the loader once the page has loaded
    // (the same scripts, named by the loader's element), nothing else changed.
    expect(landing.replace(/<div id="root" data-rendered="build">[\s\S]*<\/div>(?=\s*<\/body>)/, '<div id="root"></div>')).toBe(
      startAppAfterLoad(indexHtml.toString(), appLoaderFile()),
    );
    // Nothing of the build machine or of React's development messages.
    expect(landing).not.toMatch(/file:\/\/|data-msg|\/work\/|node_modules/);
    // index.html itself stays empty: the shell the pages' first renders are written into.
    expect(indexHtml.toString()).toContain('<div id="root"></div>');
  });

  it("paints every other page's shell before any script runs: the top bar and the page's loading placeholder", () => {
    /** The HTML with the root element's content and the scripts the loader preloads left out. */
    const outside = (html: string) =>
      html
        .replace(/<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/, '<div id="root"></div>')
        .replace(/(<link rel="modulepreload" fetchpriority="low" crossorigin href="[^"]+">)+<\/head>/, '</head>')
        .replace(/ data-preload="[^"]*"/, '');
    // The listing's and the detail's (which the server fills with their content) start the app once loaded; the
    // others' at once.
    for (const [shell, expected] of [
      [listingHtml, outside(startAppAfterLoad(indexHtml.toString(), appLoaderFile()))],
      [detailHtml, outside(startAppAfterLoad(indexHtml.toString(), appLoaderFile()))],
      [appHtml, indexHtml.toString()],
    ].map(([html, expected]) => [html.toString(), expected.toString()])) {
      expect(outside(shell)).toBe(expected);
      expect(shell).toContain('data-testid="top-bar"');
      expect(shell).toContain('data-testid="route-loading"');
      expect(shell).not.toMatch(/file:\/\/|data-msg|\/work\/|node_modules/);
    }
    // The listing's shell shows "Profesionales" as the current page; the others' shell no page as current.
    const current = (html: string) =>
      [...html.matchAll(/<a [^>]*>/g)]
        .filter(([tag]) => tag.includes('class="top-bar-link active"'))
        .map(([tag]) => /data-testid="([\w-]+)"/.exec(tag)?.[1]);
    expect(current(listingHtml.toString())).toEqual(['nav-listing']);
    expect(current(detailHtml.toString())).toEqual([]);
    expect(current(appHtml.toString())).toEqual([]);
  });

  it("paints the cart's page before any script runs: its heading, and a placeholder for what only the browser knows", () => {
    const cart = cartHtml.toString();
    // Rendered whole: the app hydrates it (main.tsx).
    const root = /<div id="root" data-rendered="build">([\s\S]*)<\/div>(?=\s*<\/body>)/.exec(cart)![1]!;
    expect(root).toMatch(/<h2 [^>]*>Carrito<\/h2>/);
    expect(root).toContain('data-testid="cart-loading"');
    expect(root).not.toContain('data-testid="route-loading"');
    // Neither an empty cart nor anyone's lines: the visitor's cart is in its browser.
    expect(root).not.toMatch(/cart-empty|cart-row|Tu carrito esta vacio/);
    expect(root).toContain('data-testid="top-bar"');
    // Its content is there: the app starts once the page has loaded, as the landing's.
    expect(cart).toContain(`src="/${appLoaderFile()}"`);
    expect(cart).not.toMatch(/file:\/\/|data-msg|\/work\/|node_modules/);
  });

  it("lists in the listing's, the detail's and the cart's pages every script of their route that the entry does not load", () => {
    /** The route's chunk and everything it imports, transitively (the scripts its import() needs). */
    const scriptsOf = (key: string, found = new Set<string>()): Set<string> => {
      const chunk = manifest[key]!;
      if (!found.has(chunk.file)) {
        found.add(chunk.file);
        chunk.imports?.forEach((imported) => scriptsOf(imported, found));
      }
      return found;
    };
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)![0];
    /** The scripts a page preloads: in its `<link rel="modulepreload">`s, or named by its app loader. */
    const preloaded = (html: Buffer) => [
      ...[...html.toString().matchAll(/<link rel="modulepreload" (?:fetchpriority="low" )?crossorigin href="\/([^"]+)">/g)].map(
        (m) => m[1],
      ),
      ...(/ data-preload="([^"]*)"/.exec(html.toString())?.[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((href) => href.slice(1)),
    ];
    const indexPreloads = preloaded(indexHtml);
    for (const [html, route] of [
      [listingHtml, 'src/app/routes/catalog-route.tsx'],
      [detailHtml, 'src/app/routes/detail-route.tsx'],
      [cartHtml, 'src/features/cart/components/cart-page.tsx'],
    ] as const) {
      const expected = [...scriptsOf(route)].filter((file) => !scriptsOf(entry).has(file)).sort();
      expect(expected.length).toBeGreaterThan(1);
      expect(expected).toContain(manifest[route]!.file);
      // Each once: the entry's own preloads are not repeated.
      expect(
        preloaded(html)
          .filter((file) => !indexPreloads.includes(file))
          .sort(),
      ).toEqual(expected);
      expect(preloaded(html).length).toBe(new Set(preloaded(html)).size);
    }
    expect(preloaded(appHtml)).toEqual(indexPreloads);
  });

  it.each([
    ['/home', 'listing'],
    ['/home/plomero', 'listing'],
    ['/home?professions=plomero&page=2', 'listing'],
    ['/detail/3', 'detail'],
    ['/mensajes/2', 'app'],
    ['/cart', 'cart'],
    ['/homero', 'app'],
  ] as const)('answers the app route %s with the %s shell and 200, compressed and revalidated', async (path, shell) => {
    const answer = await get(port, path, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(
      brotliDecompressSync(answer.body).equals({ listing: listingHtml, detail: detailHtml, cart: cartHtml, app: appHtml }[shell]),
    ).toBe(true);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(['/assets/nope.js', '/favicon-x.png', '/assets/', '/.vite/manifest.json', '/.ssr/prerender.js', '/.ssr/listing.html'])(
    'answers the missing file %s with 404',
    async (path) => {
      const answer = await get(port, path, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('<!doctype html>');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses to start on a folder with no built SPA, and says what to run', async () => {
    await expect(startServer({ WEB_PORT: String(await freePort()), WEB_DIST_DIR: join(WEB, 'no-such-dist') })).rejects.toThrow(
      /No hay una SPA compilada en .*no-such-dist: ejecute "npm run build -w @oficios\/web"/,
    );
  });
});
