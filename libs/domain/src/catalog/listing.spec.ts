import { PAGE_SIZE } from '../constants';
import type { ProfessionalListItem } from './catalog.types';
import { applyListing, DEFAULT_LISTING_QUERY, listingQueryToParams, needsPagination, type ListingQuery } from './listing';
import { listingParamsSchema, listingRequestOf, NEAR_MESSAGES, parseListingQuery } from './listing-params';

function professional(id: number, firstName: string, lastName: string, rating: number, professions: string[]): ProfessionalListItem {
  return {
    id,
    firstName,
    lastName,
    email: null,
    phoneNumber: null,
    address: null,
    locality: 'Palermo',
    profileImg: null,
    professions: professions.map((name, index) => ({ id: index + 1, name })),
    availableDays: ['lunes'],
    dayPrice: 100,
    rating,
    reputation: 1,
  };
}

const catalogue = [
  professional(1, 'Lucía', 'Gómez', 5, ['plomero', 'gasista']),
  professional(2, 'álvaro', 'Pérez', 3, ['Plomero']),
  professional(3, 'Bruno', 'Díaz', 5, ['electricista']),
  professional(4, 'Ana', 'Ruiz', 3, ['plomero', 'Gasista', 'pintor']),
  professional(5, 'Zoe', 'Luna', 0, []),
];

function query(overrides: Partial<ListingQuery>): ListingQuery {
  return { ...DEFAULT_LISTING_QUERY, ...overrides };
}

describe('parseListingQuery', () => {
  it('answers the defaults for an empty query', () => {
    expect(parseListingQuery({})).toEqual({ ok: true, query: DEFAULT_LISTING_QUERY });
    expect(DEFAULT_LISTING_QUERY.pageSize).toBe(PAGE_SIZE);
  });

  it('reads every parameter', () => {
    const result = parseListingQuery({
      page: '3',
      pageSize: '20',
      professions: 'Plomero, GASISTA',
      rating: '4',
      sort: 'rating',
      order: 'DESC',
      search: '  Lucía  Gómez ',
    });
    expect(result).toEqual({
      ok: true,
      query: {
        page: 3,
        pageSize: 20,
        professions: ['plomero', 'gasista'],
        rating: 4,
        sort: 'rating',
        order: 'desc',
        search: 'lucia gomez',
        near: null,
      },
    });
  });

  it("treats 'all' as no profession filter and no rating filter", () => {
    const result = parseListingQuery({ professions: ['plomero', 'all'], rating: 'all' });
    expect(result).toEqual({ ok: true, query: DEFAULT_LISTING_QUERY });
  });

  it('accepts repeated professions parameters and drops duplicates', () => {
    const result = parseListingQuery({ professions: ['plomero', 'Plomero,pintor'] });
    expect(result.ok && result.query.professions).toEqual(['plomero', 'pintor']);
  });

  it.each([
    ['page', { page: '0' }],
    ['page', { page: 'uno' }],
    ['page', { page: '1.5' }],
    ['pageSize', { pageSize: '101' }],
    ['pageSize', { pageSize: '0' }],
    ['rating', { rating: '6' }],
    ['rating', { rating: '0' }],
    ['rating', { rating: 'cinco' }],
    ['sort', { sort: 'lastName' }],
    ['order', { order: 'up' }],
    ['search', { search: 'x'.repeat(101) }],
    ['professions', { professions: Array.from({ length: 13 }, (_, i) => `p${i}`).join(',') }],
  ])('names %s when it is malformed', (field, raw) => {
    const result = parseListingQuery(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual([field]);
  });

  it('reads near as a locality id and sorts by distance by default there', () => {
    const result = parseListingQuery({ near: ' 0204201001 ', professions: 'plomero' });
    expect(result).toEqual({
      ok: true,
      query: { ...DEFAULT_LISTING_QUERY, professions: ['plomero'], near: '0204201001', sort: 'distance' },
    });
    // Another sort chosen with a place stays chosen; an empty near is none.
    expect(parseListingQuery({ near: '0204201001', sort: 'rating', order: 'desc' })).toMatchObject({
      ok: true,
      query: { near: '0204201001', sort: 'rating', order: 'desc' },
    });
    expect(parseListingQuery({ near: '' })).toEqual({ ok: true, query: DEFAULT_LISTING_QUERY });
  });

  it.each([
    [{ near: 'caballito' }, 'near', NEAR_MESSAGES.malformed],
    [{ near: '1234567' }, 'near', NEAR_MESSAGES.malformed],
    [{ near: '12345678901' }, 'near', NEAR_MESSAGES.malformed],
    [{ sort: 'distance' }, 'sort', NEAR_MESSAGES.distanceWithoutNear],
    [{ near: '0204201001', sort: 'distance', order: 'desc' }, 'order', NEAR_MESSAGES.distanceDescending],
  ])('refuses %j naming %s', (raw, field, message) => {
    expect(parseListingQuery(raw)).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it('names every malformed parameter at once', () => {
    const result = parseListingQuery({ page: '-1', rating: '9' });
    expect(!result.ok && result.errors.map((e) => e.field)).toEqual(['page', 'rating']);
  });

  it('tells whether a request asks for the paginated form', () => {
    const request = (raw: object) => listingRequestOf(listingParamsSchema.parse(raw));
    expect(request({})).toBeNull();
    expect(request({ other: 'x' })).toBeNull();
    expect(request({ rating: 'all' })).toEqual(DEFAULT_LISTING_QUERY);
  });
});

describe('applyListing', () => {
  it('filters by professions case-insensitively, all chosen must match', () => {
    const ids = applyListing(catalogue, query({ professions: ['plomero', 'gasista'] })).items.map((p) => p.id);
    expect(ids).toEqual([1, 4]);
    expect(applyListing(catalogue, query({ professions: ['plomero'] })).total).toBe(3);
    expect(applyListing(catalogue, query({ professions: ['cerrajero'] })).total).toBe(0);
  });

  it('filters by exact rating', () => {
    expect(applyListing(catalogue, query({ rating: 3 })).items.map((p) => p.id)).toEqual([2, 4]);
    expect(applyListing(catalogue, query({ rating: 4 })).total).toBe(0);
  });

  it('searches names without regard to case or accents', () => {
    expect(applyListing(catalogue, query({ search: 'alvaro' })).items.map((p) => p.id)).toEqual([2]);
    expect(applyListing(catalogue, query({ search: 'lucia gomez' })).items.map((p) => p.id)).toEqual([1]);
  });

  it('sorts by first name ignoring accents, both directions', () => {
    const asc = applyListing(catalogue, query({ sort: 'firstName', order: 'asc' })).items.map((p) => p.firstName);
    expect(asc).toEqual(['álvaro', 'Ana', 'Bruno', 'Lucía', 'Zoe']);
    const desc = applyListing(catalogue, query({ sort: 'firstName', order: 'desc' })).items.map((p) => p.firstName);
    expect(desc).toEqual(['Zoe', 'Lucía', 'Bruno', 'Ana', 'álvaro']);
  });

  it('sorts by rating with ties by id ascending in both directions', () => {
    expect(applyListing(catalogue, query({ sort: 'rating', order: 'desc' })).items.map((p) => p.id)).toEqual([1, 3, 2, 4, 5]);
    expect(applyListing(catalogue, query({ sort: 'rating', order: 'asc' })).items.map((p) => p.id)).toEqual([5, 2, 4, 1, 3]);
  });

  it('sorts by distance nearest first, ties by id, professionals without an area last', () => {
    const at = (item: ProfessionalListItem, distanceKm: number | null) => ({ ...item, distanceKm });
    const near = [at(catalogue[0], 12.5), at(catalogue[1], null), at(catalogue[2], 3), at(catalogue[3], 3), at(catalogue[4], 0)];
    const ids = applyListing(near, query({ near: '0204201001', sort: 'distance' })).items.map((p) => p.id);
    expect(ids).toEqual([5, 3, 4, 1, 2]);
  });

  it('keeps id order without a sort and pages through results', () => {
    const first = applyListing(catalogue, query({ pageSize: 2 }));
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((p) => p.id)).toEqual([1, 2]);
    expect(applyListing(catalogue, query({ pageSize: 2, page: 3 })).items.map((p) => p.id)).toEqual([5]);
    expect(applyListing(catalogue, query({ pageSize: 2, page: 4 })).items).toEqual([]);
  });
});

describe('listingQueryToParams', () => {
  it('round-trips through parseListingQuery', () => {
    const original = query({ professions: ['plomero', 'gasista'], rating: 5, sort: 'rating', order: 'desc', page: 2, search: 'ana' });
    const parsed = parseListingQuery(listingQueryToParams(original));
    expect(parsed).toEqual({ ok: true, query: { ...original, professions: ['gasista', 'plomero'] } });
    const near = query({ near: '0204201001', sort: 'distance' });
    expect(listingQueryToParams(near)).toEqual({ page: '1', near: '0204201001', sort: 'distance', order: 'asc' });
    expect(parseListingQuery(listingQueryToParams(near))).toEqual({ ok: true, query: near });
  });
});

describe('needsPagination', () => {
  it('shows pagination only above one page', () => {
    expect(needsPagination(8)).toBe(false);
    expect(needsPagination(9)).toBe(true);
  });
});
