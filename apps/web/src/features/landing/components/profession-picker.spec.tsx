import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('opens the listing filtered by that profession alone (the URL is the whole filter)', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS } });
    const { location } = renderPage(<LandingPage />, { routePath: '/', path: '/' });

    await userEvent.click(await screen.findByRole('link', { name: 'Técnico PC' }));
    expect(location()).toBe('/home/t%C3%A9cnico%20PC');
  });

  it('"Todas las profesiones" opens the unfiltered /home', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS } });
    const { location } = renderPage(<LandingPage />, { routePath: '/', path: '/' });

    await userEvent.click(await screen.findByRole('link', { name: 'Todas las profesiones' }));
    expect(location()).toBe('/home');
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
