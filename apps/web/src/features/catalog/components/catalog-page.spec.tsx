import { type ListingPage } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { listingPage, professional, PROFESSIONS } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render';
import { CatalogPage } from './catalog-page';
import { chipNames, choose, lastListingParams, onReserve, renderCatalog } from '../../../testing/catalog-test-utils';

jest.setTimeout(20_000);

const setup = ({ path = '/home', page = (): ListingPage => listingPage(3) } = {}) => renderCatalog({ path, page });

describe('CatalogPage', () => {
  afterEach(() => {
    restoreFetch();
    onReserve.mockReset();
  });

  it("loads the first row's photos at once and first (the page's largest paint), the rest as they scroll near", async () => {
    setup({ page: () => listingPage(6) });
    const photos = (await screen.findAllByTestId('professional-card')).map((card) => within(card).getByAltText(/^Foto de/));
    expect(photos.map((photo) => photo.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(photos.map((photo) => photo.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'high', 'high', 'auto', 'auto']);
  });

  it('shows a spinner, then one card per professional with name, professions, stars and actions', async () => {
    const { fetch } = setup({
      page: () => ({
        ...listingPage(2),
        items: [
          professional(1, {
            firstName: 'Lucía',
            lastName: 'Gómez',
            rating: 5,
            dayPrice: 25000,
            professions: [{ id: 4, name: 'técnico PC' }],
          }),
          professional(2, { profileImg: null }),
        ],
      }),
    });
    expect(screen.getByTestId('loading')).toBeInTheDocument();

    const cards = await screen.findAllByTestId('professional-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Lucía Gómez')).toBeInTheDocument();
    expect(first.getByText('Técnico PC')).toBeInTheDocument();
    expect(first.getByTestId('card-rating')).toHaveAttribute('data-rating', '5');
    expect(first.getByTestId('card-day-price')).toHaveTextContent(/^\$ 25\.000 por día$/);
    expect(within(cards[1]!).getByTestId('card-day-price')).toHaveTextContent('$ 1.000 por día');
    expect(first.getByAltText('Foto de Lucía Gómez')).toHaveAttribute('src', 'http://localhost:3001/avatars/1.svg');
    expect(first.getByText('Ver Mas...').closest('a')).toHaveAttribute('href', '/detail/1');
    expect(within(cards[1]!).getByAltText('Foto de Nombre2 Apellido2')).toHaveAttribute('src', '/placeholder-professional.svg');

    await userEvent.click(first.getByText('Reservar'));
    expect(onReserve).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(lastListingParams(fetch)).toEqual({ page: '1' });
  });

  it('hides the pagination with 8 results or fewer', async () => {
    setup({ page: () => listingPage(8, { total: 8 }) });
    expect(await screen.findAllByTestId('professional-card')).toHaveLength(8);
    expect(screen.queryByTestId('listing-pagination')).not.toBeInTheDocument();
  });

  it('shows the pagination above 8 results and requests the chosen page', async () => {
    const { fetch } = setup({ page: () => listingPage(8, { total: 9 }) });
    await screen.findAllByTestId('professional-card');
    const pagination = screen.getByTestId('listing-pagination');
    await userEvent.click(within(pagination).getByTitle('2'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '2' }));
  });

  it('shows the empty-state alert when nothing matches', async () => {
    setup({ page: () => listingPage(0) });
    expect(await screen.findByText('No se ha encontrado ningun Profesional')).toBeInTheDocument();
    expect(screen.getByTestId('empty-listing')).toHaveTextContent(/filtros.*cantidad actual de profesionales.*no coincidan/);
    expect(screen.getByTestId('empty-listing')).toHaveTextContent(/Prueba con otras opciones ;D$/);
    expect(screen.queryByTestId('professional-card')).not.toBeInTheDocument();
  });

  it('shows an error alert when the listing request fails', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS }, '/home/professionals': { status: 500, body: { message: 'Fallo' } } });
    renderPage(<CatalogPage onReserve={onReserve} />, { routePath: 'home/:profession?', path: '/home' });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('No se pudieron cargar los profesionales');
  });

  it('goes back to page 1 with the new filter when the reputation changes', async () => {
    const { fetch } = setup({ path: '/home?page=2', page: () => listingPage(8, { total: 20 }) });
    await screen.findAllByTestId('professional-card');
    expect(lastListingParams(fetch)).toEqual({ page: '2' });

    await choose('Reputacion', '4 estrellas');
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', rating: '4' }));

    await choose('Reputacion', 'Todas');
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1' }));
  });

  it('folds the toolbar behind one "Filtros" button (shown by global.css under 576 px) that counts the choices made', async () => {
    const { fetch } = setup({ path: '/home?rating=4&search=ana' });
    await screen.findAllByTestId('professional-card');
    const toggle = screen.getByRole('button', { name: /^Filtros/ });
    expect(toggle).toHaveTextContent(/^Filtros \(2\)$/);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const toolbar = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toolbar).toBe(screen.getByTestId('listing-toolbar'));
    expect(toolbar.parentElement).not.toHaveClass('listing-filters-open');
    // Inside it, the spec's controls: reputation, profession, name order, reviews order and the search.
    for (const name of ['Reputacion', 'Profesion', 'Orden por nombre', 'Orden por reseñas'])
      expect(within(toolbar).getByRole('combobox', { name })).toBeInTheDocument();
    expect(within(toolbar).getByRole('textbox', { name: 'Buscar profesional' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: /Buscar/ })).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toolbar.parentElement).toHaveClass('listing-filters-open');
    await choose('Orden por nombre', 'Descendente');
    await waitFor(() =>
      expect(lastListingParams(fetch)).toEqual({ page: '1', rating: '4', search: 'ana', sort: 'firstName', order: 'desc' }),
    );
    expect(toggle).toHaveTextContent(/^Filtros \(3\)$/);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toolbar.parentElement).not.toHaveClass('listing-filters-open');
  });

  it('sorts by name or by reviews, one order at a time', async () => {
    const { fetch } = setup();
    await screen.findAllByTestId('professional-card');

    await choose('Orden por nombre', 'Descendente');
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', sort: 'firstName', order: 'desc' }));

    await choose('Orden por reseñas', 'Ascendente');
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', sort: 'rating', order: 'asc' }));
    expect(screen.getByTestId('sort-name')).not.toHaveTextContent('Descendente');
  });

  it('searches by name from page 1', async () => {
    const { fetch } = setup({ path: '/home?page=3', page: () => listingPage(8, { total: 30 }) });
    await screen.findAllByTestId('professional-card');

    const search = screen.getByLabelText('Buscar profesional');
    fireEvent.change(search, { target: { value: '  Lucía ' } });
    await userEvent.click(within(screen.getByTestId('listing-toolbar')).getByText('Buscar'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', search: 'lucia' }));
  });

  it('adds chips for chosen professions, lists them in the URL and removes chips', async () => {
    const { fetch, location } = setup();
    await screen.findAllByTestId('professional-card');

    await choose('Profesion', 'Gasista');
    await waitFor(() => expect(location()).toBe('/home/gasista'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'gasista' }));

    await choose('Profesion', 'Técnico PC');
    await choose('Profesion', 'Electricista');
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'electricista,gasista,técnico pc' }));
    expect(location()).toBe('/home?professions=gasista,t%C3%A9cnico%20pc,electricista');
    expect(chipNames()).toEqual(['Gasista', 'Técnico PC', 'Electricista']);

    // The chip's × removes it and keeps the others, in their order.
    await userEvent.click(screen.getAllByTestId('profession-chip')[0]!.querySelector('.profession-chip-close')!);
    await waitFor(() => expect(location()).toBe('/home?professions=t%C3%A9cnico%20pc,electricista'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'electricista,técnico pc' }));
    expect(chipNames()).toEqual(['Técnico PC', 'Electricista']);

    // So does a click on the chip itself; one profession left is /home/{profession}.
    await userEvent.click(screen.getAllByTestId('profession-chip')[1]!);
    await waitFor(() => expect(location()).toBe('/home/t%C3%A9cnico%20PC'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'técnico pc' }));
    expect(chipNames()).toEqual(['Técnico PC']);

    // Clicking the last chip clears the filter and goes back to /home.
    await userEvent.click(screen.getByTestId('profession-chip'));
    await waitFor(() => expect(location()).toBe('/home'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1' }));
    expect(screen.queryByTestId('profession-chip')).not.toBeInTheDocument();
  });

  it("'Todas' in the profession select clears every chip", async () => {
    const { fetch, location } = setup({ path: '/home?professions=plomero,gasista' });
    await screen.findAllByTestId('professional-card');
    expect(screen.getAllByTestId('profession-chip')).toHaveLength(2);

    await choose('Profesion', 'Todas');
    await waitFor(() => expect(location()).toBe('/home'));
    await waitFor(() => expect(lastListingParams(fetch)).toEqual({ page: '1' }));
    expect(screen.queryByTestId('profession-chip')).not.toBeInTheDocument();
  });

  it('opened at /home/{profession}, lists that profession only, without a first unfiltered request', async () => {
    const { fetch } = setup({ path: '/home/Plomero' });
    await screen.findAllByTestId('professional-card');
    expect(fetch.callsTo('/home/professionals').map((url) => url.search)).toEqual(['?page=1&professions=plomero']);
    expect(screen.getByTestId('profession-chip')).toHaveTextContent('Plomero');
  });
});
