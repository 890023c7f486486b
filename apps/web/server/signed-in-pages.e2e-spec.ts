import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { jobBooking, session } from '../src/testing/profile-fixtures';
import { buildSpaIfMissing, DIST, get, serverWithStubApi, varyOf } from './serve-test-support';

/**
 * The production web server (serve.mjs) rendering a signed-in visitor's own pages (/details/me, /admin) with the session
 * the API answers for the visitor's cookies (first-pages.mjs): the page is theirs, so it is asked for them each time,
 * and never kept nor shared.
 */
beforeAll(buildSpaIfMissing, 180_000);

/** The data element's answers, by their query's first key. */
function firstPageData(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="first-page-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('la página no trae sus datos');
  const state = JSON.parse(json) as { queries: { queryKey: string[]; state: { data: unknown } }[] };
  return Object.fromEntries(state.queries.map((query) => [query.queryKey[0], query.state.data]));
}

describe("a signed-in visitor's own pages, rendered with their session", () => {
  let port: number;
  let stop: (() => Promise<void>) | undefined;
  /** The Cookie header of every session the API was asked for. */
  const asked: (string | undefined)[] = [];
  const professional = session(
    'profesional',
    { id: 7, firstName: 'Lucía', lastName: 'Gómez', profileImg: '/avatars/7.svg', professions: [{ id: 1, name: 'plomero' }] },
    { reviews: [], jobs: [jobBooking(1, { client: { id: 3, firstName: 'Marta', lastName: 'Paz', address: 'Av. Siempreviva 742' } })] },
  );
  const admin = session('administrador', { id: 1, firstName: 'Bruno', lastName: 'Díaz', profileImg: '/avatars/1.svg' });

  beforeAll(async () => {
    // The API as the web server reaches it: who a cookie belongs to, slowly enough that renders overlap.
    ({ port, stop } = await serverWithStubApi((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api');
      res.setHeader('content-type', 'application/json');
      if (url.pathname !== '/home/user/me') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      const cookie = req.headers.cookie;
      asked.push(cookie);
      const answer = (status: number, body: unknown) =>
        setTimeout(() => {
          res.statusCode = status;
          res.end(JSON.stringify(body));
        }, 20);
      if (cookie?.includes('sesion=lucia')) answer(200, professional);
      else if (cookie?.includes('sesion=bruno')) answer(200, admin);
      else if (cookie?.includes('sesion=caida')) answer(500, { statusCode: 500, message: 'caído' });
      else answer(401, { statusCode: 401, message: 'Sin sesión' });
    }));
  });

  afterAll(() => stop?.());

  beforeEach(() => {
    asked.length = 0;
  });

  it("sends a professional's profile with their photo and jobs in the HTML, for them alone", async () => {
    const answer = await get(port, '/details/me', { cookie: 'sesion=lucia; XSRF-TOKEN=t', 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(varyOf(answer)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(answer.body).toString();

    // The API was asked with the visitor's own cookies, and nothing else of theirs.
    expect(asked).toEqual(['sesion=lucia; XSRF-TOKEN=t']);
    expect(html).toContain('data-testid="professional-profile"');
    expect(html).toContain('alt="Foto de Lucía Gómez"');
    expect(html).toContain('Av. Siempreviva 742');
    expect(html).not.toContain('data-testid="loading"');
    // The session the page was rendered from, for the app to take the page over; the app starts once it has loaded.
    expect(firstPageData(html).session).toEqual(professional);
    const loader = /<script defer src="\/assets\/app-loader-\w+\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="([^"]+)">/.exec(
      html,
    );
    // It asks, a few at a time, for the scripts of what the page shows at once: its route's, the top bar's account
    // menu and bell, the profile's own part (else each lazy part's import adds its files' links in one task).
    const preloads = loader![1]!.split(' ');
    for (const script of ['my-profile-route', 'account-menu', 'notifications-bell', 'messages-link', 'professional-profile']) {
      expect(preloads).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${script}-[\\w-]+\\.js$`)));
    }
  });

  it('renders each visitor their own page when several ask at once, and asks the API every time', async () => {
    const cookies = ['sesion=lucia', 'sesion=bruno', 'sesion=lucia', 'sesion=bruno'];
    const answers = await Promise.all(
      cookies.map((cookie) => get(port, cookie === 'sesion=bruno' ? '/admin' : '/details/me', { cookie, 'accept-encoding': 'gzip' })),
    );
    expect(asked.sort()).toEqual([...cookies].sort());
    answers.forEach((answer, i) => {
      const html = gunzipSync(answer.body).toString();
      const [own, other] = cookies[i] === 'sesion=lucia' ? ['Lucía Gómez', 'Bruno Díaz'] : ['Bruno Díaz', 'Lucía Gómez'];
      expect(html).toContain(`alt="Foto de ${own}"`);
      expect(html).not.toContain(other);
    });
  });

  it('sends the admin panel to an administrator with their card in the HTML', async () => {
    const answer = await get(port, '/admin', { cookie: 'sesion=bruno' });
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const html = answer.body.toString();
    expect(html).toContain('alt="Foto de Bruno Díaz"');
    expect(firstPageData(html).session).toEqual(admin);
  });

  it("tells a visitor whose cookies are no session what the app would, without anyone's data", async () => {
    const profile = (await get(port, '/details/me', { cookie: 'sesion=vieja' })).body.toString();
    expect(profile).toContain('data-testid="no-user"');
    expect(firstPageData(profile).session).toBeNull();
    const panel = (await get(port, '/admin', { cookie: 'sesion=vieja' })).body.toString();
    expect(panel).toContain('data-testid="admin-sign-in"');
  });

  it('sends the shell, asking nobody, to a visitor without cookies; and when the API fails', async () => {
    const anonymous = await get(port, '/details/me', { 'accept-encoding': 'br' });
    expect(asked).toEqual([]);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(anonymous.body).equals(readFileSync(join(DIST, 'profile.html')))).toBe(true);

    const failed = await get(port, '/admin', { cookie: 'sesion=caida', 'accept-encoding': 'br' });
    expect(asked).toEqual(['sesion=caida']);
    expect(failed.status).toBe(200);
    expect(brotliDecompressSync(failed.body).equals(readFileSync(join(DIST, 'admin.html')))).toBe(true);
  });
});
