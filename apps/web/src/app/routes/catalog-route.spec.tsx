import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartItemsAtom } from '../../features/cart/atoms/cart.atom';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { listingPage, PROFESSIONS } from '../../testing/fixtures';
import { renderPage } from '../../testing/render';
import { CatalogRoute } from './catalog-route';

jest.setTimeout(20_000);

describe('CatalogRoute: "Reservar" feeds the cart', () => {
  afterEach(restoreFetch);

  it('adds a professional once and refuses a second time with the spec modal', async () => {
    stubFetch({ '/home/professions': { body: PROFESSIONS }, '/home/professionals': { body: listingPage(2) } });
    const { store } = renderPage(<CatalogRoute />, { routePath: 'home/:profession?', path: '/home' });
    const [first] = await screen.findAllByTestId('professional-card');

    await userEvent.click(within(first!).getByText('Reservar'));
    expect(store.get(cartItemsAtom)).toEqual([{ professional: expect.objectContaining({ id: 1 }), days: [], dates: [], quantity: 0 }]);

    await userEvent.click(within(first!).getByText('Reservar'));
    expect(await screen.findByText('No se puede realizar esta accion!')).toBeInTheDocument();
    expect(screen.getByText('El profesional ya fue agregado a tu carrito')).toBeInTheDocument();
    expect(store.get(cartItemsAtom)).toHaveLength(1);

    await userEvent.click(screen.getByText('Entendido'));
    await waitFor(() => expect(screen.queryByText('El profesional ya fue agregado a tu carrito')).not.toBeInTheDocument());
  });
});
