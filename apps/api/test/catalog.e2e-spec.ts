import {
  applyListing,
  DAYS,
  LISTING_ORDERS,
  listingQueryToParams,
  parseListingQuery,
  PROFESSION_NAMES,
  type ProfessionalListItem,
  type ListingQuery,
} from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let catalogue: ProfessionalListItem[];

beforeAll(async () => {
  ctx = await startTestApp();
  http = ctx.app.getHttpServer();
  catalogue = (await request(http).get('/home/professionals').expect(200)).body;
});

afterAll(() => ctx?.close());

describe('GET /home/professions', () => {
  it('lists the twelve professions with id and name, also with a trailing slash', async () => {
    const plain = await request(http).get('/home/professions').expect(200);
    expect(plain.body.map((p: { name: string }) => p.name).sort()).toEqual([...PROFESSION_NAMES].sort());
    expect(Object.keys(plain.body[0]).sort()).toEqual(['id', 'name']);
    const slash = await request(http).get('/home/professions/').expect(200);
    expect(slash.body).toEqual(plain.body);
  });
});

describe('GET /home/professionals (plain)', () => {
  it('answers every professional with the listing fields as JSON numbers, the contact hidden', () => {
    expect(catalogue).toHaveLength(48);
    const professional = catalogue[0];
    expect(Object.keys(professional).sort()).toEqual(
      [
        'address',
        'availableDays',
        'dayPrice',
        'email',
        'firstName',
        'id',
        'lastName',
        'locality',
        'phoneNumber',
        'professions',
        'profileImg',
        'rating',
        'reputation',
      ].sort(),
    );
    for (const p of catalogue) {
      expect(p).toMatchObject({ email: null, phoneNumber: null, address: null, locality: expect.any(String) });
      expect(typeof p.dayPrice).toBe('number');
      expect(Number.isInteger(p.rating) && p.rating >= 0 && p.rating <= 5).toBe(true);
      expect(p.professions.length).toBeGreaterThanOrEqual(1);
      expect(p.professions.length).toBeLessThanOrEqual(3);
      expect(p.availableDays.every((day) => (DAYS as readonly string[]).includes(day))).toBe(true);
      // Absolute on the API's public address (stored relative), so clients on any origin can show it.
      expect(p.profileImg).toMatch(new RegExp(`^${ctx.config.publicApiUrl}/avatars/[A-Z]{2}-\\d+\\.svg$`));
    }
    expect(new Set(catalogue.map((p) => p.rating)).size).toBeGreaterThan(3);
    expect(JSON.stringify(catalogue.map(({ profileImg: _image, ...rest }) => rest))).not.toMatch(/password|https?:\/\//i);
  });

  it('is in id order', () => {
    const ids = catalogue.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('GET /home/professionals (paginated listing)', () => {
  function parse(raw: Record<string, string>): ListingQuery {
    const parsed = parseListingQuery(raw);
    if (!parsed.ok) throw new Error('bad test query');
    return parsed.query;
  }

  const queries: Record<string, string>[] = [
    { page: '1' },
    { page: '2' },
    { page: '7' },
    { page: '1', pageSize: '100' },
    { professions: 'plomero' },
    { professions: 'PLOMERO,Gasista' },
    { professions: 'plomero,gasista,electricista' },
    { professions: 'all' },
    { professions: 'técnico pc', sort: 'firstName' },
    { professions: 'no-existe' },
    { rating: '5' },
    { rating: '1', sort: 'firstName', order: 'desc' },
    { rating: 'all', sort: 'rating', order: 'desc' },
    { sort: 'rating', order: 'asc', page: '2' },
    { sort: 'firstName', order: 'asc', page: '3' },
    { sort: 'firstName', order: 'desc' },
    { search: 'DÍAZ' },
    { search: 'a', sort: 'rating', order: 'desc', page: '2' },
    { search: '%' },
    { search: 'zzzz' },
    { professions: 'pintor', rating: '3', search: 'e', sort: 'firstName' },
    // One profession or none, with or without a rating: read from the kept entries and totals.
    { professions: 'plomero', rating: '3', sort: 'rating', order: 'asc' },
    { professions: 'gasista', sort: 'firstName', order: 'desc', page: '2' },
    { professions: 'electricista', rating: '4', sort: 'firstName' },
    { professions: 'plomero', sort: 'rating', order: 'desc', page: '2' },
    { rating: '2', sort: 'firstName', order: 'asc' },
    { rating: '1', sort: 'rating', order: 'desc', page: '2' },
    { professions: 'plomero', page: '99' },
    { professions: 'no-existe', rating: '3' },
  ];

  it.each(queries)('answers what the domain rules answer for %j', async (raw) => {
    const response = await request(http).get('/home/professionals').query(raw).expect(200);
    const expected = applyListing(catalogue, parse(raw));
    expect(response.body).toEqual(expected);
  });

  it('pages through every professional once, whatever the sort', async () => {
    for (const sort of ['firstName', 'rating'] as const) {
      for (const order of LISTING_ORDERS) {
        const seen: number[] = [];
        for (let page = 1; page <= 6; page += 1) {
          const { body } = await request(http).get('/home/professionals').query({ sort, order, page }).expect(200);
          expect(body.pageSize).toBe(8);
          expect(body.total).toBe(48);
          seen.push(...body.items.map((p: ProfessionalListItem) => p.id));
        }
        expect(new Set(seen).size).toBe(48);
      }
    }
  });

  it('really filters: the reference is not trivially empty', () => {
    expect(applyListing(catalogue, parse({ professions: 'plomero' })).total).toBeGreaterThan(0);
    expect(applyListing(catalogue, parse({ rating: '5' })).total).toBeGreaterThan(0);
    expect(applyListing(catalogue, parse({ search: 'díaz' })).total).toBeGreaterThan(0);
  });

  it('keeps the query round-trip stable', () => {
    const query = parse({ professions: 'gasista,plomero', rating: '4', sort: 'rating', order: 'desc', page: '2' });
    expect(parse(listingQueryToParams(query))).toEqual(query);
  });

  it.each([
    ['page', { page: '0' }],
    ['page', { page: 'dos' }],
    ['pageSize', { pageSize: '1000' }],
    ['rating', { rating: '7' }],
    ['sort', { sort: 'price' }],
    ['order', { order: 'sideways' }],
    ['search', { search: 'x'.repeat(101) }],
  ])('answers 400 naming %s when it is malformed', async (field, raw) => {
    const response = await request(http).get('/home/professionals').query(raw).expect(400);
    expect(response.body.errors).toEqual([{ field, message: expect.stringContaining(field) }]);
  });
});

describe('GET /home/professionals/:id', () => {
  it('answers the detail; its reviews, with their reviewers’ names, are GET /home/reviews?professionalId', async () => {
    const withReviews = catalogue.find((p) => p.reputation > 0)!;
    const { body } = await request(http).get(`/home/professionals/${withReviews.id}`).expect(200);
    // The demo's professionals work in real places (their areas).
    expect(body).toEqual({
      ...withReviews,
      aboutMe: expect.any(String),
      serviceArea: {
        locality: expect.objectContaining({ name: withReviews.locality }),
        radiusKm: expect.any(Number),
        extraLocalities: expect.any(Array),
        excludedLocalities: expect.any(Array),
      },
    });
    const listed = await request(http).get('/home/reviews').query({ professionalId: withReviews.id }).expect(200);
    expect(listed.body).toHaveLength(withReviews.reputation);
    expect(listed.body[0]).toEqual({
      id: expect.any(Number),
      clientId: expect.any(Number),
      professionalId: withReviews.id,
      orderDetailId: null,
      comment: expect.any(String),
      rating: expect.any(Number),
      createdAt: expect.any(String),
      client: { id: expect.any(Number), firstName: expect.any(String), profileImg: expect.any(String) },
    });
  });

  it('answers 404 for an unknown id and for a user who is not a professional', async () => {
    await request(http).get('/home/professionals/999999').expect(404);
    const adminId = await recordsOf(ctx).administratorId();
    const response = await request(http).get(`/home/professionals/${adminId}`).expect(404);
    expect(response.body.message).toContain(String(adminId));
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await request(http).get(`/home/professionals/${id}`).expect(400);
    expect(response.body.errors[0].field).toBe('id');
  });
});

describe('GET /home?search=', () => {
  it('answers the professionals whose name matches, ignoring case and accents', async () => {
    const target = catalogue.find((p) => /[áéíóú]/i.test(p.lastName))!;
    const plainLastName = target.lastName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const { body } = await request(http).get('/home').query({ search: plainLastName }).expect(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.map((p: ProfessionalListItem) => p.id)).toContain(target.id);
    for (const p of body)
      expect(
        p.lastName
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toUpperCase(),
      ).toBe(plainLastName);
  });

  it('answers an empty list when nobody matches', async () => {
    await request(http).get('/home').query({ search: 'qwxyz' }).expect(200, []);
  });

  it('answers 400 naming search when it is missing or blank', async () => {
    for (const query of [{}, { search: '   ' }]) {
      const response = await request(http).get('/home').query(query).expect(400);
      expect(response.body.errors[0].field).toBe('search');
    }
  });
});

describe('GET /home/reviews', () => {
  it('lists every review with the reviewer, or one professional’s', async () => {
    const all = await request(http).get('/home/reviews').expect(200);
    expect(all.body).toHaveLength(ctx.seed.reviews);
    const professional = catalogue.find((p) => p.reputation > 1)!;
    const own = await request(http).get('/home/reviews').query({ professionalId: professional.id }).expect(200);
    expect(own.body).toHaveLength(professional.reputation);
    expect(own.body.every((r: { professionalId: number }) => r.professionalId === professional.id)).toBe(true);
    expect(own.body[0].client).toEqual({ id: expect.any(Number), firstName: expect.any(String), profileImg: expect.any(String) });
  });

  it('answers an empty list for a professional without reviews and 400 for a malformed id', async () => {
    await request(http).get('/home/reviews').query({ professionalId: 999999 }).expect(200, []);
    const response = await request(http).get('/home/reviews').query({ professionalId: 'x' }).expect(400);
    expect(response.body.errors[0].field).toBe('professionalId');
  });
});

describe('serving', () => {
  it('reports database and Redis health', async () => {
    const response = await request(http).get('/health').expect(200);
    // The queues (and terminus' details) came later beside these fields.
    expect(response.body).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('allows the configured web origins with credentials and no other', async () => {
    for (const origin of ['http://localhost:3000', 'http://localhost:8080']) {
      const response = await request(http).get('/home/professions').set('Origin', origin).expect(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    }
    const preflight = await request(http)
      .options('/home/professionals')
      .set('Origin', 'http://localhost:8080')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-xsrf-token,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/X-XSRF-TOKEN/i);
    // Every method the SPA sends across origins (profile edits, cart lines, the admin's deletions).
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const unsafe = await request(http)
        .options('/home/professionals/1')
        .set('Origin', 'http://localhost:3000')
        .set('Access-Control-Request-Method', method);
      expect(unsafe.status).toBe(204);
      expect(unsafe.headers['access-control-allow-methods']?.split(/\s*,\s*/)).toContain(method);
    }
    const foreign = await request(http).get('/home/professions').set('Origin', 'http://evil.example').expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("sends helmet's security headers on every answer: a page, a refusal, an unknown route", async () => {
    for (const [path, status] of [
      ['/home/professions', 200],
      ['/home/professionals?rating=9', 400],
      ['/no-existe', 404],
    ] as const) {
      const { headers } = await request(http).get(path).expect(status);
      expect([path, headers['x-content-type-options'], headers['x-frame-options'], headers['strict-transport-security']]).toEqual([
        path,
        'nosniff',
        'SAMEORIGIN',
        'max-age=31536000; includeSubDomains',
      ]);
      expect(headers['referrer-policy']).toBe('no-referrer');
      // Images are loaded by the SPA's origin; the Google popup keeps its opener; the docs UI needs inline scripts.
      expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(headers['cross-origin-opener-policy']).toBeUndefined();
      expect(headers['content-security-policy']).toBeUndefined();
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the OpenAPI document with the catalogue paths', async () => {
    const { body } = await request(http).get('/docs-json').expect(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/home', '/home/professions', '/home/professionals', '/home/professionals/{id}', '/home/reviews', '/health']),
    );
  });

  it('serves the seeded avatars as SVG and 404s anything else', async () => {
    const response = await request(http).get(new URL(catalogue[0].profileImg!).pathname).expect(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    await request(http).get('/avatars/..%2Fetc.svg').expect(404);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await request(http).get('/home/nothing-here').expect(404);
    expect(response.body.statusCode).toBe(404);
  });
});
