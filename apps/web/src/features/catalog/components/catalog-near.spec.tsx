import type { ListingPage } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chosenFilters } from './listing-toolbar';
import { restoreFetch } from '../../../testing/fetch-stub';
import { listingPage, professional } from '../../../testing/fixtures';
import { CABALLITO, PALERMO } from '../../../testing/locality-fixtures';
import { choose, lastListingParams, renderCatalog } from '../../../testing/catalog-test-utils';
import { VISITOR_PLACE_STORAGE_KEY } from '../../localities';

jest.setTimeout(20_000);

/** A listing near Caballito: a professional based in Palermo 4,5 km away, and one without an area. */
const nearPage = (): ListingPage => ({
  ...listingPage(2),
  items: [
    { ...professional(1, { firstName: 'Lucía', lastName: 'Gómez', locality: 'Palermo' }), distanceKm: 4.5 },
    { ...professional(2, { locality: null }), distanceKm: null },
  ],
});

beforeEach(() => window.localStorage.clear());
afterEach(restoreFetch);

describe('CatalogPage near a place', () => {
  it('names the place in its heading, asks the API near it and shows each card’s locality and distance', async () => {
    const { fetch } = renderCatalog({ path: `/home/plomero?near=${CABALLITO.id}`, page: nearPage });

    expect(await screen.findByRole('heading', { level: 2, name: 'Profesionales cerca de Caballito' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('professional-card');
    expect(within(cards[0]!).getByTestId('card-distance')).toHaveTextContent('Palermo · a 4,5 km');
    expect(within(cards[1]!).queryByTestId('card-distance')).not.toBeInTheDocument();
    expect(lastListingParams(fetch)).toEqual({ page: '1', professions: 'plomero', near: CABALLITO.id });
    // The place picker names it with its province; distance is the sort shown.
    await waitFor(() => expect(screen.getByTestId('filter-near')).toHaveTextContent('Caballito, Ciudad Autónoma de Buenos Aires'));
    expect(screen.getByTestId('sort-distance')).toHaveTextContent('Más cerca primero');
    // The listing's place becomes the visitor's (the detail pages measure from it).
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY) ?? 'null')).toEqual(CABALLITO));
  });

  it('shows neither distances nor the distance sort without a place', async () => {
    renderCatalog({ path: '/home', page: () => listingPage(2) });
    expect(await screen.findAllByTestId('professional-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Profesionales' })).toBeInTheDocument();
    expect(screen.queryByTestId('card-distance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sort-distance')).not.toBeInTheDocument();
  });

  it('puts a chosen place in the URL, remembers it, and takes it away when cleared', async () => {
    const view = renderCatalog({ path: '/home?rating=4', page: nearPage });
    const picker = screen.getByRole('combobox', { name: 'Cerca de' });

    await userEvent.type(picker, 'palerm');
    const popup = () => document.getElementById(picker.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
    await waitFor(() => expect(within(popup()).getByTitle('Palermo, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument());
    fireEvent.click(within(popup()).getByTitle('Palermo, Ciudad Autónoma de Buenos Aires'));

    await waitFor(() => expect(view.location()).toBe(`/home?near=${PALERMO.id}&rating=4`));
    expect(JSON.parse(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)!)).toEqual(PALERMO);
    expect(await screen.findByRole('heading', { level: 2, name: 'Profesionales cerca de Palermo' })).toBeInTheDocument();

    // Another sort replaces distance; the distance sort brings it back.
    await choose('Orden por reseñas', 'Descendente');
    await waitFor(() => expect(view.location()).toBe(`/home?near=${PALERMO.id}&rating=4&sort=rating&order=desc`));
    await choose('Orden por distancia', 'Más cerca primero');
    await waitFor(() => expect(view.location()).toBe(`/home?near=${PALERMO.id}&rating=4`));

    fireEvent.click(screen.getByTestId('filter-near').querySelector('.ant-select-clear')!);
    await waitFor(() => expect(view.location()).toBe('/home?rating=4'));
    expect(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)).toBe('null');
  });

  it('shows the empty state for a place nobody covers', async () => {
    renderCatalog({ path: `/home?near=${CABALLITO.id}`, page: () => ({ ...listingPage(0), items: [], total: 0 }) });
    expect(await screen.findByTestId('empty-listing')).toHaveTextContent('No se ha encontrado ningun Profesional');
  });

  it('counts the place among the chosen filters', () => {
    expect(chosenFilters({ ...nearQuery(), rating: 4 })).toBe(2);
  });
});

function nearQuery() {
  return { professions: [], rating: null, search: '', sort: null, order: 'asc' as const, page: 1, pageSize: 12, near: CABALLITO.id };
}
