import { waitFor } from '@testing-library/react';
import { professionalsQueryOptions } from '../features/catalog/api/get-professionals';
import { listingFromUrl } from '../features/catalog/lib/listing-url';
import { professionalQueryOptions } from '../shared/api/get-professional';
import { SESSION_QUERY_KEY } from '../shared/api/get-session';
import { restoreFetch, stubFetch } from '../testing/fetch-stub';
import { listingPage, PROFESSIONS, professionalDetail } from '../testing/fixtures';
import { session } from '../testing/profile-fixtures';
import { createTestQueryClient } from '../testing/render';
import { preloadRoute } from './route-preload';

describe('preloadRoute: the first page asks for its data while the app starts ', () => {
  afterEach(() => restoreFetch());

  it('a listing URL asks for that very listing and the professions, under the keys the listing page reads', async () => {
    const fetch = stubFetch({
      '/home/professions': { body: PROFESSIONS },
      '/home/professionals': { body: listingPage(3, { total: 30, page: 2 }) },
    });
    const client = createTestQueryClient();
    preloadRoute(client, { pathname: '/home/plomero', search: '?rating=4&page=2' });

    const key = professionalsQueryOptions(listingFromUrl('plomero', '?rating=4&page=2')).queryKey;
    await waitFor(() => expect(client.getQueryData(key)).toMatchObject({ total: 30, page: 2 }));
    const [asked] = fetch.callsTo('/home/professionals');
    expect(asked!.searchParams.get('professions')).toBe('plomero');
    expect(asked!.searchParams.get('rating')).toBe('4');
    expect(asked!.searchParams.get('page')).toBe('2');
    expect(fetch.callsTo('/home/professions')).toHaveLength(1);
  });

  it('a detail URL asks for the professional and its reviews', async () => {
    const fetch = stubFetch({
      '/home/professionals/7': { body: professionalDetail(7) },
      '/home/reviews': { body: [] },
    });
    const client = createTestQueryClient();
    preloadRoute(client, { pathname: '/detail/7', search: '' });

    await waitFor(() => expect(client.getQueryData(professionalQueryOptions(7).queryKey)).toMatchObject({ id: 7 }));
    expect(fetch.callsTo('/home/reviews')[0]!.searchParams.get('professionalId')).toBe('7');
  });

  it.each(['/details/me', '/admin'])("%s, the visitor's own page, asks who they are ahead", async (pathname) => {
    const fetch = stubFetch({ '/home/user/me': { body: session('profesional') } });
    const client = createTestQueryClient();
    preloadRoute(client, { pathname, search: '' });

    await waitFor(() => expect(client.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ dataValues: { type: 'profesional' } }));
    expect(fetch.mock).toHaveBeenCalledTimes(1);
  });

  it.each(['/detail/abc', '/cart', '/', '/mensajes'])('%s asks for nothing ahead', async (pathname) => {
    const fetch = stubFetch({});
    preloadRoute(createTestQueryClient(), { pathname, search: '' });
    await Promise.resolve();
    expect(fetch.mock).not.toHaveBeenCalled();
  });
});
