import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { fakePhoneScreen } from '../../../testing/phone-screen';
import { createTestQueryClient, renderPage, TestProviders } from '../../../testing/render';
import { CART_STORAGE_KEY, cartItemsAtom } from '../atoms/cart.atom';
import { CartPage } from './cart-page';
import { ana, beto, bookingRoutes, cartStore, chipsOf, fakeServerCart, pickDate, requestsOf } from '../../../testing/cart-test-utils';

jest.setTimeout(20_000);

const signedOut = () =>
  stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } }, ...bookingRoutes });

function renderCart(store = createStore()) {
  return renderPage(<CartPage />, { routePath: 'cart', path: '/cart', store });
}

describe('CartPage (/cart)', () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it("paints, rendered by the build, its heading and a placeholder: never an empty cart the visitor's may not be", () => {
    // The build has no cart of the visitor's (its store is empty); a store with items says the same of a render that
    // cannot know them.
    const store = cartStore([[ana, ['2026-12-07']]]);
    const html = renderToString(
      <TestProviders queryClient={createTestQueryClient()} store={store} path="/cart">
        <CartPage />
      </TestProviders>,
    );
    expect(html).toContain('Carrito');
    expect(html).toContain('data-testid="cart-loading"');
    expect(html).not.toContain('data-testid="cart-empty"');
    expect(html).not.toContain('data-testid="cart-row"');
  });

  it('lists each professional with dates, quantity and price, and the total cost', async () => {
    signedOut();
    const store = cartStore([
      [ana, ['2026-12-07', '2026-12-11']],
      [beto, ['2026-12-12']],
    ]);
    renderCart(store);

    const rows = await screen.findAllByTestId('cart-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ana Perez')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('plomero')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('cart-row-quantity')).toHaveTextContent('2');
    expect(within(rows[0]!).getByTestId('cart-row-price')).toHaveTextContent('$ 3.000');
    expect(screen.getByText('Costo Total')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 5.000');
    // The cancellation policy, before paying.
    expect(await screen.findByTestId('cart-policy')).toHaveTextContent(
      'Política de cancelación: Cancelación gratuita hasta 48 horas antes del primer día; después, hasta el primer día, se devuelve el 50 %',
    );

    expect(chipsOf(rows[0]!)).toEqual(['lunes 7 dic', 'viernes 11 dic']);
    await pickDate(rows[1]!, '2026-12-08');
    expect(chipsOf(rows[1]!)).toEqual(['martes 8 dic', 'sabado 12 dic']);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 7.000');

    await userEvent.click(within(rows[0]!).getByTestId('cart-row-delete'));
    expect(store.get(cartItemsAtom).map((item) => item.professional.id)).toEqual([2]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 4.000');
  });

  it("asks to sign in with the 'Hola!' modal when nobody is signed in", async () => {
    const fetch = signedOut();
    renderCart(cartStore([[ana, ['2026-12-07']]]));
    await waitFor(() => expect(fetch.callsTo('/home/user/me')).toHaveLength(1));

    await userEvent.click(await screen.findByText('Resumen de la compra'));
    expect(await screen.findByText('Hola!')).toBeInTheDocument();
    expect(screen.getByText('Para poder realizar el siguiente paso debes iniciar sesion, o registrarte')).toBeInTheDocument();
    expect(screen.getByText(/arriba a la derecha/)).toBeInTheDocument();
  });

  it('tells a signed-in professional that only clients buy', async () => {
    stubFetch({ '/home/user/me': { body: { ...sessionAnswer('profesional'), profile: {} } } });
    const { queryClient } = renderCart(cartStore([[ana, ['2026-12-07']]]));
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeTruthy());

    await userEvent.click(await screen.findByText('Resumen de la compra'));
    expect(await screen.findByText('Solo los clientes pueden realizar compras.')).toBeInTheDocument();
    expect(screen.queryByText('Hola!')).not.toBeInTheDocument();
  });

  it("shows a signed-in client's server cart, and deleting a professional is one request whose answer is shown", async () => {
    const server = fakeServerCart([
      { id: 40, professional: ana, dates: ['2026-12-07'] },
      { id: 41, professional: beto, dates: ['2026-12-12'] },
    ]);
    const fetch = stubFetch({
      '/home/user/me': { body: { ...sessionAnswer('cliente'), profile: {} } },
      ...server.routes,
      ...bookingRoutes,
    });
    // A browser cart left from before signing in is not what the page shows: the server cart is the cart.
    const { queryClient } = renderCart(cartStore([[beto, ['2026-12-08']]]));
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeTruthy());

    const rows = await screen.findAllByTestId('cart-row');
    expect(rows.map((row) => row.getAttribute('data-professional-id'))).toEqual(['1', '2']);
    expect(chipsOf(rows[0]!)).toEqual(['lunes 7 dic']);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('3.500');
    await userEvent.click(within(rows[1]!).getByTestId('cart-row-delete'));
    await waitFor(() => expect(screen.getAllByTestId('cart-row')).toHaveLength(1));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('1.500');
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual(['GET /api/cart', 'DELETE /api/cart/41']);
  });

  it('shows an empty state with a link to the listing', async () => {
    signedOut();
    renderCart();
    expect(await screen.findByTestId('cart-empty')).toBeInTheDocument();
    expect(screen.getByText('Ver profesionales').closest('a')).toHaveAttribute('href', '/home');
    expect(screen.queryByTestId('cart-row')).not.toBeInTheDocument();
  });

  it('restores the cart saved in localStorage', async () => {
    signedOut();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ professional: beto, days: ['martes'], dates: ['2026-12-08'], quantity: 1 }]));
    renderCart();

    const rows = await screen.findAllByTestId('cart-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Beto Gomez')).toBeInTheDocument();
    expect(chipsOf(rows[0]!)).toEqual(['martes 8 dic']);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 2.000');
  });

  describe('on a phone (under 576 px)', () => {
    let phone: ReturnType<typeof fakePhoneScreen>;
    beforeEach(() => (phone = fakePhoneScreen()));
    afterEach(() => phone.restore());

    it('shows one card per professional with everything the table shows, and no table', async () => {
      signedOut();
      const store = cartStore([
        [ana, ['2026-12-07', '2026-12-11']],
        [beto, ['2026-12-12']],
      ]);
      renderCart(store);

      const cards = await screen.findAllByTestId('cart-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByTestId('cart-row')).not.toBeInTheDocument();
      const first = within(cards[0]!);
      expect(first.getByTestId('cart-card-name')).toHaveTextContent('Ana Perez');
      expect(first.getByTestId('cart-card-professions')).toHaveTextContent('plomero');
      expect(first.getByRole('textbox', { name: 'Fechas disponibles de Ana Perez' })).toBeInTheDocument();
      expect(chipsOf(cards[0]!)).toEqual(['lunes 7 dic', 'viernes 11 dic']);
      expect(first.getByTestId('cart-card-quantity')).toHaveTextContent('2');
      expect(first.getByTestId('cart-card-price')).toHaveTextContent('$ 3.000');
      expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 5.000');
      expect(screen.getByRole('button', { name: 'Resumen de la compra' })).toBeInTheDocument();

      await pickDate(cards[1]!, '2026-12-08');
      expect(chipsOf(cards[1]!)).toEqual(['martes 8 dic', 'sabado 12 dic']);
      expect(within(cards[1]!).getByTestId('cart-card-price')).toHaveTextContent('$ 4.000');
      expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 7.000');

      await userEvent.click(first.getByRole('button', { name: 'Quitar a Ana Perez' }));
      expect(store.get(cartItemsAtom).map((item) => item.professional.id)).toEqual([2]);
      await waitFor(() => expect(screen.getAllByTestId('cart-card')).toHaveLength(1));
      expect(screen.getByTestId('cart-total')).toHaveTextContent('$ 4.000');
    });
  });
});
