import { DEFAULT_LISTING_QUERY, type ListingQuery } from '@oficios/domain';
import { listingFromUrl, listingUrl } from './listing-url';

const query = (patch: Partial<ListingQuery>): ListingQuery => ({ ...DEFAULT_LISTING_QUERY, ...patch });

/** What the router hands the page for a URL: the decoded `:profession` and the query string. */
function read(url: string): ListingQuery {
  const { pathname, search } = new URL(url, 'http://localhost');
  const segment = pathname.split('/')[2];
  return listingFromUrl(segment === undefined ? undefined : decodeURIComponent(segment), search);
}

describe('listing URL', () => {
  it('writes /home, /home/{profession} or ?professions=, then the other values, defaults left out', () => {
    expect(listingUrl(DEFAULT_LISTING_QUERY)).toBe('/home');
    expect(listingUrl(query({ professions: ['técnico pc'] }), () => 'técnico PC')).toBe('/home/t%C3%A9cnico%20PC');
    expect(
      listingUrl(query({ professions: ['plomero', 'gasista'], rating: 4, sort: 'rating', order: 'desc', search: 'ana', page: 2 })),
    ).toBe('/home?professions=plomero,gasista&rating=4&sort=rating&order=desc&search=ana&page=2');
    expect(listingUrl(query({ order: 'desc', page: 1 }))).toBe('/home');
    expect(listingUrl(query({ search: 'a&b=c,d' }))).toBe('/home?search=a%26b%3Dc%2Cd');
  });

  it('reads back exactly what it wrote', () => {
    const listings = [
      DEFAULT_LISTING_QUERY,
      query({ professions: ['técnico pc'], page: 4 }),
      query({ professions: ['gasista', 'aire acondicionado', 'plomero'], rating: 1, sort: 'firstName', order: 'asc' }),
      query({ rating: 5, sort: 'rating', order: 'desc', search: 'maria jose', page: 12 }),
      query({ search: 'a&b=c,d#e?f+g%' }),
    ];
    for (const listing of listings) expect(read(listingUrl(listing))).toEqual(listing);
  });

  it('reads the path profession first, the listed ones after, case-insensitively and once each', () => {
    expect(read('/home/Plomero?professions=GASISTA,plomero&professions=electricista').professions).toEqual([
      'plomero',
      'gasista',
      'electricista',
    ]);
    expect(read('/home/plomero?professions=all').professions).toEqual([]);
  });

  it('falls back to the default of each bad value alone', () => {
    expect(read('/home?rating=6&sort=rating&order=DESC&page=2')).toEqual(query({ sort: 'rating', order: 'desc', page: 2 }));
    expect(read('/home?rating=x&sort=price&order=desc&page=1e3&search=%C3%81na%20%20Mar%C3%ADa')).toEqual(query({ search: 'ana maria' }));
    expect(read('/home?page=9999999999&rating=%E2%80%8B3')).toEqual(query({ rating: 3 }));
    expect(read(`/home?search=${'x'.repeat(101)}`)).toEqual(DEFAULT_LISTING_QUERY);
    expect(read('/home/%01?professions=%00')).toEqual(DEFAULT_LISTING_QUERY);
  });

  it('keeps the place (`near`) as a locality id, distance being its default sort', () => {
    expect(listingUrl(query({ professions: ['plomero'], near: '0204201001' }))).toBe('/home/plomero?near=0204201001');
    expect(listingUrl(query({ near: '0204201001', sort: 'distance' }))).toBe('/home?near=0204201001');
    expect(listingUrl(query({ near: '0204201001', sort: 'rating', order: 'desc', page: 2 }))).toBe(
      '/home?near=0204201001&sort=rating&order=desc&page=2',
    );
    expect(read('/home?near=82084270&sort=distance&order=desc')).toEqual(query({ near: '82084270' }));
    expect(read('/home?near=82084270&rating=4')).toEqual(query({ near: '82084270', rating: 4 }));
  });

  it('reads a malformed place, or distance without one, as their defaults', () => {
    expect(read('/home?near=caballito')).toEqual(DEFAULT_LISTING_QUERY);
    expect(read('/home?near=123&sort=distance')).toEqual(DEFAULT_LISTING_QUERY);
    expect(read('/home?near=%00204201001')).toEqual(DEFAULT_LISTING_QUERY);
  });
});
