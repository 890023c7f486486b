import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SHELL, ROUTES } from '../src/app/route-manifest';
import { buildSpaIfMissing, DIST, get, serverWithStubApi } from './serve-test-support';

/**
 * The web server held to src/app/route-manifest.json (the router, the preloader and the build: route-manifest.spec.tsx):
 * each route's first answer is the file its way of being first served names, and only the pages rendered on the
 * server ask the API (the visitor's own pages only for a visitor with cookies).
 */
beforeAll(buildSpaIfMissing, 180_000);

/** A URL of the route: every parameter `7`. */
const urlOf = (path: string) => (path === '*' ? '/no-existe' : path.replace(/:\w+\??/g, '7'));

describe("the web server's first answer for each route of the manifest", () => {
  let port: number;
  let stop: (() => Promise<void>) | undefined;
  const asked: string[] = [];

  beforeAll(async () => {
    // An API that is down: every page rendered on the server goes out as its shell.
    ({ port, stop } = await serverWithStubApi((req, res) => {
      asked.push(new URL(req.url ?? '/', 'http://api').pathname);
      res.statusCode = 503;
      res.end('{}');
    }));
  });

  afterAll(() => stop?.());

  beforeEach(() => {
    asked.length = 0;
  });

  it.each(ROUTES.map((route) => [urlOf(route.path), route.firstServed, route] as const))('%s (%s)', async (url, firstServed, route) => {
    const file = firstServed === 'app-shell' ? APP_SHELL.file : route.file!;
    for (const cookie of [undefined, 'sesion=lucia']) {
      asked.length = 0;
      // A URL of its own each time: a render that failed is not tried again for a few seconds.
      const answer = await get(port, `${url}?visita=${cookie ? 2 : 1}`, cookie ? { cookie } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.equals(readFileSync(join(DIST, file)))).toBe(true);
      const rendered = firstServed === 'rendered-with-data' || (firstServed === 'rendered-for-visitor' && cookie !== undefined);
      expect(asked.length > 0).toBe(rendered);
    }
  });
});
