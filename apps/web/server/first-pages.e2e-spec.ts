import { CONTACT_HIDDEN_TEXT } from '@oficios/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listingPage, professional, professionalDetail, PROFESSIONS, review } from '../src/testing/fixtures';
import { buildSpaIfMissing, DIST, get, serverWithStubApi, varyOf } from './serve-test-support';

/** The production web server (serve.mjs) rendering the listing's and the detail's pages with the API's answers (first-pages.mjs). */
beforeAll(buildSpaIfMissing, 180_000);

describe("the listing's and the detail's pages, rendered with their data", () => {
  let port: number;
  let stop: (() => Promise<void>) | undefined;
  let listingHtml: Buffer;
  const asked: URL[] = [];
  // A text that would end the data element, or be read as a replacement pattern, were it written as it is.
  const tricky = professional(2, { firstName: '</script><script>alert(1)</script>', lastName: "$& $' Pérez" });
  let failing = false;

  beforeAll(async () => {
    // The API as the web server reaches it: the professions and a page of the listing.
    ({ port, stop } = await serverWithStubApi((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api');
      asked.push(url);
      res.setHeader('content-type', 'application/json');
      if (failing) {
        res.statusCode = 500;
        res.end(JSON.stringify({ statusCode: 500, message: 'caído' }));
      } else if (url.pathname === '/home/professions') res.end(JSON.stringify(PROFESSIONS));
      else if (url.pathname === '/home/professionals/5') res.end(JSON.stringify(professionalDetail(5)));
      else if (url.pathname === '/home/reviews') res.end(JSON.stringify([review(1, 5, { comment: 'Impecable, volvería a llamarlo' })]));
      else if (url.pathname === '/home/professionals') {
        const page = listingPage(3, { total: 30, page: Number(url.searchParams.get('page') ?? 1) });
        res.end(JSON.stringify({ ...page, items: [page.items[0], tricky, page.items[2]] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    }));
    listingHtml = readFileSync(join(DIST, 'listing.html'));
  });

  afterAll(() => stop?.());

  beforeEach(() => {
    asked.length = 0;
    failing = false;
  });

  it('sends the cards in the HTML, with the answers they were made from for the app, and no script that runs inline', async () => {
    const answer = await get(port, '/home/plomero?rating=4&page=2', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(answer.body).toString();

    // The listing the URL names was asked for, with the professions.
    const listing = asked.find((url) => url.pathname === '/home/professionals')!;
    expect(Object.fromEntries(listing.searchParams)).toMatchObject({ professions: 'plomero', rating: '4', page: '2' });
    expect(asked.map((url) => url.pathname)).toContain('/home/professions');

    // The cards: names and photos, in place (nothing hidden for a script to reveal), the page's shell around them.
    expect(html).toContain('Nombre1 Apellido1');
    expect(html).toContain('alt="Foto de Nombre3 Apellido3"');
    expect(html).toContain('30 profesionales encontrados');
    expect(html).toContain('data-testid="top-bar"');
    expect(html).not.toContain('data-testid="route-loading"');
    expect(html).not.toMatch(/<div hidden|\$RC|<template/);
    // Only the app's loader (which names the app's module script) and the data element: the CSP allows no inline
    // script, and none is needed.
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual([
      expect.stringMatching(
        /^<script defer src="\/assets\/app-loader-\w+\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]+">$/,
      ),
      '<script type="application/json" id="first-page-data">',
    ]);

    // The tricky name is text in the card and data in the element, never markup.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const data = JSON.parse(/<script type="application\/json" id="first-page-data">([^<]*)<\/script>/.exec(html)![1]!);
    const page = data.queries.find((query: { queryKey: unknown[] }) => query.queryKey[0] === 'professionals').state.data;
    expect(page.items[1]).toMatchObject({ firstName: tricky.firstName, lastName: "$& $' Pérez" });
    expect(page).toMatchObject({ total: 30, page: 2 });
    expect(data.queries.find((query: { queryKey: unknown[] }) => query.queryKey[0] === 'professions').state.data).toEqual(PROFESSIONS);
  });

  it('renders a page once for a burst of visitors, and sends it gzip-compressed or plain as asked', async () => {
    const answers = await Promise.all(
      ['br', 'gzip', 'identity', 'gzip, br', 'br;q=0, gzip'].map((encoding) => get(port, '/home?page=3', { 'accept-encoding': encoding })),
    );
    expect(asked.filter((url) => url.pathname === '/home/professionals')).toHaveLength(1);
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'gzip', undefined, 'br', 'gzip']);
    const plain = answers[2]!.body.toString();
    expect(plain).toContain('Nombre1 Apellido1');
    expect(gunzipSync(answers[1]!.body).toString()).toBe(plain);
    expect(varyOf(answers[0]!)).toContain('accept-encoding');
  });

  it("sends a professional's page with the professional and its reviews; an unknown one's shell", async () => {
    const answer = await get(port, '/detail/5', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    const html = gunzipSync(answer.body).toString();
    expect(html).toContain('data-testid="detail-name"');
    expect(html).toContain('Nombre5 Apellido5');
    expect(html).toContain('Impecable, volvería a llamarlo');
    // The same page for everybody: the locality, and no contact (nor any request for it) but where it would be.
    expect(html).toContain('Localidad 5');
    expect(html).toContain(CONTACT_HIDDEN_TEXT);
    expect(asked.map((url) => url.pathname)).not.toContain('/api/professionals/5/contact');
    expect(html).toContain('<script type="application/json" id="first-page-data">');
    expect(asked.find((url) => url.pathname === '/home/reviews')!.searchParams.get('professionalId')).toBe('5');

    const unknown = await get(port, '/detail/6', { 'accept-encoding': 'br' });
    expect(unknown.status).toBe(200);
    expect(brotliDecompressSync(unknown.body).equals(readFileSync(join(DIST, 'detail.html')))).toBe(true);
  });

  it("sends the listing's shell when the API answers with an error: the app then asks for the cards itself", async () => {
    failing = true;
    const answer = await get(port, '/home/gasista', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(brotliDecompressSync(answer.body).equals(listingHtml)).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
  });
});
