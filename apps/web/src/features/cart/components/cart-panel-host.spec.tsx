import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { professional } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { CART_STORAGE_KEY, cartItemsAtom, cartPanelOpenAtom } from '../atoms/cart.atom';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { CartPanelHost } from './cart-panel-host';
import { ana, bookingRoutes, cartStore, fakeServerCart, pickDate, requestsOf } from '../../../testing/cart-test-utils';

jest.setTimeout(20_000);

function ReserveButton() {
  const { addToCart, contextHolder } = useAddToCart();
  return (
    <>
      {contextHolder}
      <button onClick={() => addToCart(professional(2, { firstName: 'Carla', lastName: 'Diaz' }))}>Reservar</button>
      <CartPanelHost />
    </>
  );
}

const signedInClient = { body: { ...sessionAnswer('cliente'), profile: {} } };

describe('CartPanelHost', () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it("opens the side panel after 'Reservar' and 'Realizar Compras' goes to /cart", async () => {
    stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } }, ...bookingRoutes });
    const { location } = renderRoutes(
      [
        { path: '/home', element: <ReserveButton /> },
        { path: '/cart', element: <p>carrito</p> },
      ],
      { path: '/home' },
    );
    expect(screen.queryByTestId('cart-panel')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('Reservar'));
    const item = await screen.findByTestId('cart-panel-item');
    expect(within(item).getByText('Carla Diaz')).toBeInTheDocument();
    expect(within(item).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 0');

    await pickDate(item, '2026-12-08');
    await userEvent.click(screen.getByText('Realizar Compras'));
    expect(location()).toBe('/cart');
    expect(await screen.findByText('carrito')).toBeInTheDocument();
  });

  it("a signed-in client's cart is the server's: 'Reservar' and each date are one request, 'Realizar Compras' sends nothing", async () => {
    const carla = professional(2, { firstName: 'Carla', lastName: 'Diaz' });
    const server = fakeServerCart([], [carla]);
    const fetch = stubFetch({ '/home/user/me': signedInClient, ...server.routes, ...bookingRoutes });
    const { location, queryClient, store } = renderRoutes(
      [
        { path: '/home', element: <ReserveButton /> },
        { path: '/cart', element: <p>carrito</p> },
      ],
      { path: '/home' },
    );
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy());

    await userEvent.click(screen.getByText('Reservar'));
    const item = await screen.findByTestId('cart-panel-item');
    expect(within(item).getByText('Carla Diaz')).toBeInTheDocument();
    await pickDate(item, '2026-12-08');
    await waitFor(() => expect(within(item).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 1'));
    await userEvent.click(screen.getByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));

    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual([
      'GET /api/cart',
      'POST /api/cart/merge',
      'PATCH /api/cart/100',
    ]);
    expect(server.details).toEqual([{ id: 100, professionalId: 2, dates: ['2026-12-08'] }]);
    const patch = fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/cart/100'))!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ type: 'add', date: '2026-12-08' });
    // Nothing of it lives in this browser.
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('does not call the cart API for a visitor', async () => {
    const fetch = stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } }, ...bookingRoutes });
    const store = cartStore([[ana, ['2026-12-07']]]);
    store.set(cartPanelOpenAtom, true);
    const { location, queryClient } = renderRoutes(
      [
        { path: '/home', element: <CartPanelHost /> },
        { path: '/cart', element: <p>carrito</p> },
      ],
      { path: '/home', store },
    );
    await waitFor(() => expect(queryClient.getQueryState(['session'])?.status).toBe('success'));
    await userEvent.click(await screen.findByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(requestsOf(fetch.mock).filter((request) => /\/api\/(cart|orders)/.test(request))).toEqual([]);
  });
});
