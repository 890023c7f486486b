import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { professional } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { CART_STORAGE_KEY, cartItemsAtom, cartPanelOpenAtom } from '../atoms/cart.atom';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { CartPage } from './cart-page';
import { CartPanelHost } from './cart-panel-host';
import { ana, beto, cartStore, fakeServerCart, pickDay, requestsOf } from './cart-test-utils';

jest.setTimeout(20_000);

function ReserveButton() {
  const { addToCart, contextHolder } = useAddToCart();
  return (
    <>
      {contextHolder}
      <button onClick={() => addToCart(professional(7, { firstName: 'Carla', lastName: 'Diaz' }))}>Reservar</button>
      <CartPanelHost />
    </>
  );
}

const signedInClient = { body: { ...sessionAnswer('cliente'), profile: {} } };

/** The panel open on a cart, signed in as a client (session user 9, cart 3). */
async function renderSignedInPanel(store: ReturnType<typeof cartStore>) {
  store.set(cartPanelOpenAtom, true);
  const result = renderRoutes(
    [
      { path: '/home', element: <CartPanelHost /> },
      { path: '/cart', element: <CartPage /> },
    ],
    { path: '/home', store },
  );
  await waitFor(() => expect(result.queryClient.getQueryData(['session'])).toBeTruthy());
  await screen.findByText('Resumen Del Carrito');
  return result;
}

describe('CartPanelHost', () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it("opens the side panel after 'Reservar' and 'Realizar Compras' goes to /cart", async () => {
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

    await pickDay(item, 'martes');
    await userEvent.click(screen.getByText('Realizar Compras'));
    expect(location()).toBe('/cart');
    expect(await screen.findByText('carrito')).toBeInTheDocument();
  });

  it("'Realizar Compras' saves a signed-in client's cart: each professional posted once, its server id kept", async () => {
    const server = fakeServerCart();
    const fetch = stubFetch({ '/home/user/me': signedInClient, ...server.routes });
    const store = cartStore([
      [ana, ['lunes', 'viernes']],
      [beto, ['sabado']],
    ]);
    const { location } = await renderSignedInPanel(store);

    await userEvent.click(screen.getByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));

    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual([
      'GET /api/cart',
      'POST /api/cart',
      'POST /api/cart',
    ]);
    const posted = fetch.mock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));
    expect(posted).toEqual([
      { clientId: 9, professionalId: 1, days: ['lunes', 'viernes'] },
      { clientId: 9, professionalId: 2, days: ['sabado'] },
    ]);
    expect(store.get(cartItemsAtom).map((item) => item.idDb)).toEqual([100, 101]);
    // The ids survive a reload: they are in the saved cart too.
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).map((item: { idDb?: number }) => item.idDb)).toEqual([100, 101]);
  });

  it('adopts the server detail on 409 and patches its days to match the local cart', async () => {
    const server = fakeServerCart();
    let reads = 0;
    // The first read misses the detail another tab is saving; the POST then meets it (409).
    const fetch = stubFetch({
      '/home/user/me': signedInClient,
      ...server.routes,
      '/api/cart': (url, init) => {
        if (init?.method === 'GET' || init?.method === undefined) {
          reads += 1;
          if (reads === 1) return { body: { id: 3, details: [], total: 0 } };
        }
        if (init?.method === 'POST' && server.details.length === 0)
          server.details.push({ id: 55, cartId: 3, professionalId: 1, days: ['lunes', 'miercoles'], quantity: 2, price: 3000 });
        return server.routes['/api/cart']!(url, init);
      },
    });
    const store = cartStore([[ana, ['lunes', 'viernes']]]);
    const { location } = await renderSignedInPanel(store);

    await userEvent.click(screen.getByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));

    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual([
      'GET /api/cart',
      'POST /api/cart',
      'GET /api/cart',
      'PATCH /api/cart/55',
      'PATCH /api/cart/55',
    ]);
    expect(store.get(cartItemsAtom)[0]!.idDb).toBe(55);
    expect(server.details[0]!.days).toEqual(['lunes', 'viernes']);
  });

  it('deletes server details no longer in the local cart and patches saved ones', async () => {
    const server = fakeServerCart([
      { id: 7, professionalId: 1, days: ['lunes'] },
      { id: 8, professionalId: 42, days: ['martes'] },
    ]);
    const fetch = stubFetch({ '/home/user/me': signedInClient, ...server.routes });
    const store = cartStore([[ana, ['miercoles']]]);
    const { location } = await renderSignedInPanel(store);

    await userEvent.click(screen.getByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));

    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual([
      'GET /api/cart',
      'PATCH /api/cart/7',
      'PATCH /api/cart/7',
      'DELETE /api/cart/8',
    ]);
    expect(server.details).toEqual([expect.objectContaining({ id: 7, professionalId: 1, days: ['miercoles'] })]);
    expect(store.get(cartItemsAtom)[0]!.idDb).toBe(7);
  });

  it('keeps the local cart, says why, and still opens /cart when the save fails', async () => {
    stubFetch({
      '/home/user/me': signedInClient,
      '/api/cart': { status: 400, body: { statusCode: 400, message: 'days debe ser una lista con al menos un dia' } },
    });
    const store = cartStore([[ana, ['lunes']]]);
    const { location } = await renderSignedInPanel(store);

    await userEvent.click(screen.getByText('Realizar Compras'));
    await waitFor(() => expect(location()).toBe('/cart'));
    const alert = await screen.findByTestId('cart-save-error');
    expect(alert).toHaveTextContent('No se pudo guardar tu carrito en el servidor');
    expect(alert).toHaveTextContent('days debe ser una lista con al menos un dia');
    expect(screen.getAllByTestId('cart-row')).toHaveLength(1);
    expect(store.get(cartItemsAtom)).toEqual([expect.objectContaining({ days: ['lunes'] })]);
    expect(store.get(cartItemsAtom)[0]!.idDb).toBeUndefined();
  });

  it('does not call the cart API for a visitor', async () => {
    const fetch = stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } });
    const store = cartStore([[ana, ['lunes']]]);
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
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/'))).toEqual([]);
  });
});
