import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { catalogueWrites } from './factories';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Answers compressed by Accept-Encoding (brotli or gzip, over 1 KB), and the public catalogue's GETs with a strong
 * ETag per content and coding and 304 for If-None-Match. With the catalogue's cache off, as most real traffic is
 * (varied filters): the tag comes from the content, not from a cached object.
 */
let ctx: TestContext;
let professionalId: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (supertest would decode the body): what went over the wire. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: ctx.config.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): unknown {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

const varyOf = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

beforeAll(async () => {
  ctx = await startTestApp({ env: { LISTING_CACHE_TTL_MS: '0', AVAILABILITY_CACHE_TTL_MS: '0' } });
  const catalogue = decoded(await get('/home/professionals')) as { id: number }[];
  professionalId = catalogue[0].id;
});

afterAll(() => ctx?.close());

describe('the public catalogue: compressed once per answer, strong ETag, 304', () => {
  it('sends the plain list in brotli, gzip or as it is by Accept-Encoding, the same JSON each way', async () => {
    const brotli = await get('/home/professionals', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/home/professionals', { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    const plain = await get('/home/professionals');

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(brotli)).toEqual(decoded(plain));
    expect(decoded(gzip)).toEqual(decoded(plain));
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(varyOf(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    // Strong tags (no W/), one per coding, stable while the content is (the cache is off: recomputed each time).
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(brotli.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    expect((await get('/home/professionals', { 'accept-encoding': 'br' })).headers.etag).toBe(brotli.headers.etag);
  });

  it.each([
    ['the plain list', () => '/home/professionals'],
    ['a listing page', () => '/home/professionals?professions=all&sort=rating&order=desc&page=1&pageSize=8'],
    ['the detail', () => `/home/professionals/${professionalId}`],
    ['the professions', () => '/home/professions'],
    ['the availability', () => `/home/professionals/${professionalId}/availability`],
  ])('answers 304 with no body for If-None-Match with the tag of %s, 200 for another tag', async (_, path) => {
    const first = await get(path(), { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const notModified = await get(path(), { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(varyOf(notModified)).toContain('accept-encoding');

    const stale = await get(path(), { 'accept-encoding': 'br', 'if-none-match': '"otra-version"' });
    expect(stale.status).toBe(200);
    expect(decoded(stale)).toEqual(decoded(first));
    // The tag names the coding: a client that changes its Accept-Encoding is not told "not modified" for other bytes.
    if (first.headers['content-encoding'] === 'br') {
      expect((await get(path(), { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
    }
  });

  it('changes the tag when the content changes: the old tag gets the new answer', async () => {
    const path = `/home/professionals/${professionalId}`;
    const before = await get(path);
    await catalogueWrites(ctx.db.dataSource.manager).setAboutMe(professionalId, 'Nueva descripción');
    const after = await get(path, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after)).toMatchObject({ aboutMe: 'Nueva descripción' });
  });

  it('compresses what is over 1 KB (a page), not what is under it (the professions, a detail)', async () => {
    const page = await get('/home/professionals?page=1&pageSize=8', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect((decoded(page) as { items: unknown[] }).items).toHaveLength(8);
    for (const path of ['/home/professions', `/home/professionals/${professionalId}`]) {
      const answer = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThan(1024);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    }
  });

  it('keeps the images absolute, answers HEAD with the headers alone, and still refuses bad input and unknown ids', async () => {
    const plain = decoded(await get('/home/professionals', { 'accept-encoding': 'br' })) as { profileImg: string | null }[];
    expect(plain.filter((p) => p.profileImg).every((p) => p.profileImg!.startsWith(ctx.config.publicApiUrl))).toBe(true);

    const head = await get('/home/professionals', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);

    const missing = await get('/home/professionals/999999', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(decoded(missing)).toMatchObject({ statusCode: 404 });
    const bad = await get('/home/professionals?page=cero', { 'accept-encoding': 'br' });
    expect(bad.status).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});

describe('every other answer', () => {
  it('is compressed over 1 KB by Accept-Encoding (brotli preferred), with no ETag', async () => {
    const search = await get('/home?search=a', { 'accept-encoding': 'gzip, deflate, br' });
    expect(search.status).toBe(200);
    expect(search.headers['content-encoding']).toBe('br');
    expect((decoded(search) as unknown[]).length).toBeGreaterThan(3);
    expect(varyOf(search)).toContain('accept-encoding');
    expect(search.headers.etag).toBeUndefined();

    const gzip = await get('/home?search=a', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(decoded(search));
  });

  it('goes as it is under 1 KB or without Accept-Encoding', async () => {
    const small = await get('/api/bookings/settings', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await get('/home?search=a');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(decoded(plain))).toBe(true);
  });
});
