import { DEFAULT_LISTING_QUERY } from '@oficios/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { listingQueryAtom } from '../../../shared/state/listing-query.atom';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { PROFESSIONS } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render';
import { LandingPage } from './landing-page';

describe('Landing profession picker', () => {
  afterEach(restoreFetch);

  it('shows one capitalised link-button per profession and a final "Todas las profesiones"', async () => {
    const fetch = stubFetch({ '/home/professions': { body: PROFESSIONS } });
    renderPage(<LandingPage />, { routePath: '/', path: '/' });

    expect(screen.getByRole('heading', { name: 'Elige una profesion:' })).toBeInTheDocument();
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    const buttons = await screen.findAllByTestId('profession-button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Plomero', 'Gasista', 'Electricista', 'Técnico PC', 'Aire acondicionado']);
    expect(screen.getByRole('link', { name: 'Plomero' })).toHaveAttribute('href', '/home/plomero');
    expect(screen.getByRole('link', { name: 'Técnico PC' })).toHaveAttribute('href', '/home/t%C3%A9cnico%20PC');
    expect(screen.getByRole('link', { name: 'Todas las profesiones' })).toHaveAttribute('href', '/home');
    expect(fetch.callsTo('/home/professions')).toHaveLength(1);
  });

  it('sets the profession filter and opens its listing', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS } });
    const store = createStore();
    store.set(listingQueryAtom, { ...DEFAULT_LISTING_QUERY, professions: ['pintor', 'gasista'], rating: 3, page: 4 });
    const { location } = renderPage(<LandingPage />, { routePath: '/', path: '/', store });

    await userEvent.click(await screen.findByRole('link', { name: 'Técnico PC' }));
    expect(location()).toBe('/home/t%C3%A9cnico%20PC');
    expect(store.get(listingQueryAtom)).toEqual({ ...DEFAULT_LISTING_QUERY, professions: ['técnico pc'] });
  });

  it('"Todas las profesiones" clears the filter and opens /home', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS } });
    const store = createStore();
    store.set(listingQueryAtom, { ...DEFAULT_LISTING_QUERY, professions: ['plomero'] });
    const { location } = renderPage(<LandingPage />, { routePath: '/', path: '/', store });

    await userEvent.click(await screen.findByRole('link', { name: 'Todas las profesiones' }));
    expect(location()).toBe('/home');
    expect(store.get(listingQueryAtom)).toEqual(DEFAULT_LISTING_QUERY);
  });

  it('renders both carousels and the eight administrators, two of them with in-page anchors', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS } });
    renderPage(<LandingPage />, { routePath: '/', path: '/' });
    expect(screen.getByTestId('professionals-carousel')).toBeInTheDocument();
    expect(screen.getByTestId('clients-carousel')).toBeInTheDocument();
    expect(await screen.findAllByTestId('team-member')).toHaveLength(8);
    expect(await within(screen.getByTestId('clients-carousel')).findAllByTestId('carousel-slide')).toHaveLength(5);
    expect(within(screen.getByTestId('professionals-carousel')).getAllByTestId('carousel-slide')).toHaveLength(3);
    const hrefs = screen.getAllByTestId('team-link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => href.startsWith('#'))).toEqual(['#/camila', '#martin']);
    expect(document.querySelectorAll('img[src^="http"]')).toHaveLength(0);
  });
});
