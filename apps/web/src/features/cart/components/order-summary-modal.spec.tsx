import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { bodyOf, sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { CART_STORAGE_KEY, cartItemsAtom } from '../atoms/cart.atom';
import { checkoutAtom } from '../atoms/checkout.atom';
import { useOrderSummary } from '../hooks/use-order-summary';
import { CartPage } from './cart-page';
import { ana, beto, cartStore, fakeServerCart, requestsOf } from './cart-test-utils';
import { OrderSummaryModal } from './order-summary-modal';

jest.setTimeout(20_000);

const PAYMENT_URL = 'http://127.0.0.1:3201/sandbox/mercadopago/checkout/pref-1';
const newOrder = { id: 77, amount: 7000, status: 'creada', date: '2026-11-22T12:00:00.000Z' };
const session = { body: { ...sessionAnswer('cliente'), profile: {} } };

/** A signed-in client (id 9, cart 3) on /cart with Ana (lunes, viernes) and Beto (sabado). */
async function openCart(extraRoutes: Record<string, RouteHandler | { status?: number; body?: unknown }> = {}) {
  const server = fakeServerCart();
  const fetch = stubFetch({
    '/home/user/me': session,
    ...server.routes,
    '/api/orders': { status: 201, body: { newOrder } },
    ...extraRoutes,
  });
  const store = cartStore([
    [ana, ['lunes', 'viernes']],
    [beto, ['sabado']],
  ]);
  const result = renderPage(<CartPage />, { routePath: 'cart', path: '/cart', store });
  await waitFor(() => expect(result.queryClient.getQueryData(['session'])).toBeTruthy());
  return { ...result, fetch, server };
}

async function openSummary() {
  await userEvent.click(screen.getByRole('button', { name: 'Resumen de la compra' }));
  return screen.findByTestId('order-summary-modal');
}

describe("'Resumen de la Compra'", () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it('saves the cart, creates the order from the cart id and lists what is bought, where and for how much', async () => {
    const { fetch, store } = await openCart();
    const modal = await openSummary();

    expect(within(modal).getByText('Resumen de la Compra')).toBeInTheDocument();
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/'))).toEqual([
      'GET /api/cart',
      'POST /api/cart',
      'POST /api/cart',
      'POST /api/orders',
    ]);
    expect(bodyOf(fetch.mock, '/api/orders')).toEqual({ cartId: 3 });
    expect(store.get(cartItemsAtom).map((item) => item.idDb)).toEqual([100, 101]);

    const lines = within(modal).getAllByTestId('order-summary-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Ana Perez')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('plomero')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('lunes')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('viernes')).toBeInTheDocument();
    expect(within(lines[0]!).getByTestId('order-summary-line-price')).toHaveTextContent('$ 3.000');
    expect(within(lines[1]!).getByText('Beto Gomez')).toBeInTheDocument();
    expect(within(lines[1]!).getByTestId('order-summary-line-price')).toHaveTextContent('$ 2.000');
    expect(within(modal).getByTestId('order-summary-address')).toHaveTextContent('Calle Falsa 123');
    expect(within(modal).getByTestId('order-summary-email')).toHaveTextContent('ana@oficios.test');
    expect(within(modal).getByTestId('order-summary-total')).toHaveTextContent('$ 7.000');
    expect(within(modal).getByRole('button', { name: 'Cancelar compra' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Solicitar Pago' })).toBeInTheDocument();
    expect(within(modal).queryByText('Pagar')).not.toBeInTheDocument();
  });

  it("'Solicitar Pago' stores the link, clears the saved cart and shows 'Pagar'; 'Pagar' empties the cart", async () => {
    const { fetch, store, unmount } = await openCart({ '/api/mercado': { status: 201, body: { url: PAYMENT_URL } } });
    const modal = await openSummary();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    await userEvent.click(within(modal).getByRole('button', { name: 'Solicitar Pago' }));
    const pay = await within(modal).findByRole('link', { name: 'Pagar' });
    expect(pay).toHaveAttribute('href', PAYMENT_URL);
    expect(pay).not.toHaveAttribute('target');
    expect(store.get(checkoutAtom)?.url).toBe(PAYMENT_URL);
    expect(bodyOf(fetch.mock, '/api/mercado')).toEqual({
      orderId: 77,
      clientId: 9,
      items: [
        { title: 'Ana Perez (plomero)', price: 1500, quantity: 2 },
        { title: 'Beto Gomez (plomero)', price: 2000, quantity: 1 },
      ],
    });
    // Spec: local storage is cleared once payment is requested; the summary still shows the cart.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(store.get(cartItemsAtom)).toHaveLength(2);
    expect(within(modal).getByRole('button', { name: 'Solicitar Pago' })).toBeDisabled();

    // jsdom cannot follow the link: stop it after the app's own handler ran.
    const stopNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stopNavigation);
    await userEvent.click(pay);
    document.removeEventListener('click', stopNavigation);
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(within(modal).getAllByTestId('order-summary-line')).toHaveLength(2);
    unmount();
    expect(store.get(checkoutAtom)).toBeNull();
  });

  it("'Cancelar compra' deletes the order and closes the summary; the cart stays", async () => {
    const cancelled = jest.fn(() => ({ body: { order: { ...newOrder, status: 'cancelada' } } }));
    const { fetch, store } = await openCart({ '/api/orders/*': cancelled });
    const modal = await openSummary();

    await userEvent.click(within(modal).getByRole('button', { name: 'Cancelar compra' }));
    await waitFor(() => expect(store.get(checkoutAtom)).toBeNull());
    expect(requestsOf(fetch.mock)).toContain('DELETE /api/orders/77');
    await waitFor(() => expect(screen.queryByTestId('order-summary-modal')).not.toBeInTheDocument());
    expect(store.get(cartItemsAtom)).toHaveLength(2);
  });

  it("a refused 'Cancelar compra' says why and keeps the summary", async () => {
    const { store } = await openCart({
      '/api/orders/*': { status: 409, body: { statusCode: 409, message: 'La orden ya fue pagada' } },
    });
    const modal = await openSummary();

    await userEvent.click(within(modal).getByRole('button', { name: 'Cancelar compra' }));
    expect(await within(modal).findByTestId('order-summary-action-error')).toHaveTextContent(
      'No se pudo cancelar la compra: La orden ya fue pagada',
    );
    expect(store.get(checkoutAtom)?.order?.id).toBe(77);
  });

  it("a failed 'Solicitar Pago' says why and offers no 'Pagar'", async () => {
    await openCart({ '/api/mercado': { status: 502, body: { statusCode: 502, message: 'El proveedor de pagos no responde' } } });
    const modal = await openSummary();

    await userEvent.click(within(modal).getByRole('button', { name: 'Solicitar Pago' }));
    expect(await within(modal).findByTestId('order-summary-action-error')).toHaveTextContent(
      'No se pudo solicitar el pago: El proveedor de pagos no responde',
    );
    expect(within(modal).queryByText('Pagar')).not.toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it("shows 'Error, no se puede ejecutar la compra' with the server's reason when no order can be made", async () => {
    await openCart({ '/api/orders': { status: 400, body: { statusCode: 400, message: 'El carrito está vacío' } } });
    const modal = await openSummary();

    const error = await within(modal).findByTestId('order-summary-error');
    expect(error).toHaveTextContent('Error, no se puede ejecutar la compra');
    expect(error).toHaveTextContent('El carrito está vacío');
    expect(within(modal).queryByRole('button', { name: 'Solicitar Pago' })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByTestId('order-summary-close'));
    await waitFor(() => expect(screen.queryByTestId('order-summary-modal')).not.toBeInTheDocument());
  });

  it("shows 'Error, no se puede ejecutar la compra' when the summary is asked for an empty cart, without calling the server", async () => {
    const fetch = stubFetch({});
    function AskWithEmptyCart() {
      const { mutate } = useOrderSummary();
      useEffect(() => mutate({ id: 9, cartId: 3, email: 'ana@oficios.test', address: 'Calle Falsa 123' }), [mutate]);
      return <OrderSummaryModal client={null} />;
    }
    renderPage(<AskWithEmptyCart />, { routePath: 'cart', path: '/cart', store: cartStore([]) });

    const error = await screen.findByTestId('order-summary-error');
    expect(error).toHaveTextContent('Error, no se puede ejecutar la compra');
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/'))).toEqual([]);
  });

  it('leaving the cart page after payment was requested empties the cart; leaving before keeps it', async () => {
    const first = await openCart();
    act(() => first.store.set(checkoutAtom, { order: { ...newOrder, status: 'creada' }, lines: [], url: null }));
    first.unmount();
    expect(first.store.get(cartItemsAtom)).toHaveLength(2);
    expect(first.store.get(checkoutAtom)).toBeNull();
    restoreFetch();

    const second = await openCart();
    act(() => second.store.set(checkoutAtom, { order: { ...newOrder, status: 'creada' }, lines: [], url: PAYMENT_URL }));
    second.unmount();
    expect(second.store.get(cartItemsAtom)).toEqual([]);
  });
});
