import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { restoreFetch } from '../../../testing/fetch-stub';
import { listingPage } from '../../../testing/fixtures';
import { choose, lastListingParams, onReserve, renderCatalog, shownState } from '../../../testing/catalog-test-utils';

jest.setTimeout(30_000);

const manyPages = () => listingPage(8, { total: 30 });

describe('CatalogPage: the URL is the listing', () => {
  afterEach(() => {
    restoreFetch();
    onReserve.mockReset();
  });

  it('reads several professions, rating, sort, search and page from the URL, with one request', async () => {
    const { fetch } = renderCatalog({
      path: '/home?professions=plomero,gasista&rating=4&sort=rating&order=desc&search=ana&page=2',
      page: manyPages,
    });
    await screen.findAllByTestId('professional-card');
    expect(fetch.callsTo('/home/professionals').map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { page: '2', professions: 'gasista,plomero', rating: '4', sort: 'rating', order: 'desc', search: 'ana' },
    ]);
    await waitFor(() =>
      expect(shownState()).toEqual({
        chips: ['Plomero', 'Gasista'],
        rating: '4 estrellas',
        byName: 'Sin orden',
        byReviews: 'Descendente',
        search: 'ana',
        page: '2',
      }),
    );
  });

  it('combines /home/{profession} with the query string', async () => {
    const { fetch } = renderCatalog({
      path: '/home/T%C3%A9cnico%20PC?professions=gasista&sort=firstName&order=asc&page=3',
      page: manyPages,
    });
    await screen.findAllByTestId('professional-card');
    expect(fetch.callsTo('/home/professionals').map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { page: '3', professions: 'gasista,técnico pc', sort: 'firstName', order: 'asc' },
    ]);
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Técnico PC', 'Gasista'], byName: 'Ascendente', page: '3' }));
  });

  it.each([
    ['/home?rating=9&sort=price&order=up&page=abc&pageSize=50&foo=bar', { page: '1' }],
    ['/home?rating=0&page=0&order=desc', { page: '1' }],
    ['/home?rating=2.5&page=-2&sort=rating&order=sideways', { page: '1', sort: 'rating', order: 'asc' }],
    [`/home?search=${'a'.repeat(101)}&rating=3`, { page: '1', rating: '3' }],
    ['/home?search=ana%00&professions=%01,gasista', { page: '1', professions: 'gasista' }],
    [`/home?professions=${Array.from({ length: 13 }, (_, i) => `oficio${i}`).join(',')}&page=2`, { page: '2' }],
    ['/home/plomero?professions=all&rating=', { page: '1' }],
    ['/home?professions=,,&search=%20%20&sort=&page=%E0%A4%A', { page: '1' }],
  ])('ignores bad or unknown values in %s, field by field', async (path, expected) => {
    const { fetch } = renderCatalog({ path });
    await screen.findAllByTestId('professional-card');
    expect(fetch.callsTo('/home/professionals').map((url) => Object.fromEntries(url.searchParams))).toEqual([expected]);
  });

  it('writes every change to the URL; a filter change goes back to page 1', async () => {
    const { fetch, location } = renderCatalog({ page: manyPages });
    await screen.findAllByTestId('professional-card');

    await choose('Profesion', 'Gasista');
    await waitFor(() => expect(location()).toBe('/home/gasista'));
    await choose('Profesion', 'Técnico PC');
    await waitFor(() => expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc'));
    await choose('Reputacion', '4 estrellas');
    await waitFor(() => expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc&rating=4'));
    await choose('Orden por reseñas', 'Descendente');
    await waitFor(() => expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc&rating=4&sort=rating&order=desc'));
    fireEvent.change(screen.getByLabelText('Buscar profesional'), { target: { value: '  Ána  María ' } });
    await userEvent.click(within(screen.getByTestId('listing-toolbar')).getByText('Buscar'));
    await waitFor(() =>
      expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc&rating=4&sort=rating&order=desc&search=ana%20maria'),
    );
    await userEvent.click(within(await screen.findByTestId('listing-pagination')).getByTitle('2'));
    await waitFor(() =>
      expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc&rating=4&sort=rating&order=desc&search=ana%20maria&page=2'),
    );
    await waitFor(() =>
      expect(lastListingParams(fetch)).toEqual({
        page: '2',
        professions: 'gasista,técnico pc',
        rating: '4',
        sort: 'rating',
        order: 'desc',
        search: 'ana maria',
      }),
    );

    // Any filter change drops the page; clearing the sort drops sort and order.
    await userEvent.click(screen.getAllByTestId('profession-chip')[0]!);
    await waitFor(() => expect(location()).toBe('/home/t%C3%A9cnico%20PC?rating=4&sort=rating&order=desc&search=ana%20maria'));
    await userEvent.click(screen.getByTestId('sort-rating').querySelector('.ant-select-clear')!);
    await waitFor(() => expect(location()).toBe('/home/t%C3%A9cnico%20PC?rating=4&search=ana%20maria'));
  });

  it('back and forward restore each earlier listing', async () => {
    const { fetch, location } = renderCatalog({ page: manyPages });
    await screen.findAllByTestId('professional-card');
    await choose('Profesion', 'Plomero');
    await choose('Profesion', 'Gasista');
    await choose('Reputacion', '5 estrellas');
    await waitFor(() => expect(location()).toBe('/home?professions=plomero,gasista&rating=5'));
    await userEvent.click(within(await screen.findByTestId('listing-pagination')).getByTitle('2'));
    await waitFor(() => expect(location()).toBe('/home?professions=plomero,gasista&rating=5&page=2'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Plomero', 'Gasista'], rating: '5 estrellas', page: '2' }));

    await userEvent.click(screen.getByText('Atrás'));
    await waitFor(() => expect(location()).toBe('/home?professions=plomero,gasista&rating=5'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Plomero', 'Gasista'], rating: '5 estrellas', page: '1' }));

    await userEvent.click(screen.getByText('Atrás'));
    await waitFor(() => expect(location()).toBe('/home?professions=plomero,gasista'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Plomero', 'Gasista'], rating: 'Todas', page: '1' }));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'gasista,plomero' }));

    await userEvent.click(screen.getByText('Atrás'));
    await waitFor(() => expect(location()).toBe('/home/plomero'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Plomero'], rating: 'Todas' }));

    await userEvent.click(screen.getByText('Adelante'));
    await userEvent.click(screen.getByText('Adelante'));
    await userEvent.click(screen.getByText('Adelante'));
    await waitFor(() => expect(location()).toBe('/home?professions=plomero,gasista&rating=5&page=2'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: ['Plomero', 'Gasista'], rating: '5 estrellas', page: '2' }));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '2', professions: 'gasista,plomero', rating: '5' }));
  });

  it('the search box follows the URL when history moves', async () => {
    renderCatalog({ path: '/home?search=lucia' });
    await screen.findAllByTestId('professional-card');
    expect(shownState().search).toBe('lucia');
    fireEvent.change(screen.getByLabelText('Buscar profesional'), { target: { value: 'Beto' } });
    await userEvent.click(within(screen.getByTestId('listing-toolbar')).getByText('Buscar'));
    await waitFor(() => expect(shownState().search).toBe('Beto'));

    await userEvent.click(screen.getByText('Atrás'));
    await waitFor(() => expect(shownState().search).toBe('lucia'));
  });

  it('a plain link to /home (e.g. the top bar) opens the whole listing', async () => {
    const { location } = renderCatalog({
      path: '/home/plomero?professions=gasista&rating=2&search=ana',
      extra: <Link to="/home">Profesionales</Link>,
    });
    await screen.findAllByTestId('professional-card');
    expect(screen.getAllByTestId('profession-chip')).toHaveLength(2);

    await userEvent.click(screen.getByText('Profesionales', { selector: 'a' }));
    await waitFor(() => expect(location()).toBe('/home'));
    await waitFor(() => expect(shownState()).toMatchObject({ chips: [], rating: 'Todas', search: '' }));
  });
});
