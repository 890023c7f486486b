import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weekdayOf, type IsoDate, type JobRequestView } from '@oficios/domain';
import { useEffect } from 'react';
import { bodyOf, sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { checkoutAtom } from '../atoms/checkout.atom';
import { useOrderSummary } from '../hooks/use-order-summary';
import { leaveTo } from '../../../shared/lib/leave-to';
import { CartPage } from './cart-page';
import { ana, beto, bookingRoutes, cartStore, fakeServerCart, requestsOf } from '../../../testing/cart-test-utils';
import { OrderSummaryModal } from './order-summary-modal';

// Each case renders the cart page with its date pickers and walks the summary: seconds on a loaded 2-core machine.
jest.setTimeout(45_000);

jest.mock('../../../shared/lib/leave-to', () => ({ leaveTo: jest.fn() }));

const PAYMENT_URL = 'http://127.0.0.1:3201/sandbox/mercadopago/checkout/pref-1';
const checkoutBooking = (id: number, pro: typeof ana, dates: IsoDate[], dayPrice: number, jobRequest: JobRequestView | null = null) => ({
  id,
  professionalId: pro.id,
  professional: { id: pro.id, firstName: pro.firstName, lastName: pro.lastName, profileImg: null, professions: pro.professions },
  days: dates.map((date) => weekdayOf(date)!),
  dates,
  dayPrice,
  reservationAmount: dates.length * dayPrice,
  jobRequest,
  distanceKm: null,
});
const ANA_REQUEST = 'Pierde la canilla de la cocina desde el sábado, ya cambié el cuerito y sigue igual';
// The server priced Ana's days at 1800 (an administrator changed her price after she was added at 1500): the
// summary shows the server's order, never a price of its own.
const newOrder = {
  id: 77,
  amount: 5600,
  status: 'creada' as const,
  date: '2026-11-22T12:00:00.000Z',
  place: null,
  lines: [
    checkoutBooking(501, ana, ['2026-12-07', '2026-12-11'], 1800, { text: ANA_REQUEST, images: [] }),
    checkoutBooking(502, beto, ['2026-12-12'], 2000),
  ],
};
const session = { body: { ...sessionAnswer('cliente'), profile: {} } };

/** A signed-in client (id 9, cart 3) on /cart, whose server cart holds Ana (lunes 7, viernes 11 dic) and Beto (sabado 12). */
async function openCart(extraRoutes: Record<string, RouteHandler | { status?: number; body?: unknown }> = {}) {
  const server = fakeServerCart([
    { id: 40, professional: ana, dates: ['2026-12-07', '2026-12-11'] },
    { id: 41, professional: beto, dates: ['2026-12-12'] },
  ]);
  const fetch = stubFetch({
    '/home/user/me': session,
    ...server.routes,
    ...bookingRoutes,
    '/api/orders': { status: 201, body: { newOrder } },
    ...extraRoutes,
  });
  const store = cartStore([]);
  const result = renderPage(<CartPage />, { routePath: 'cart', path: '/cart', store });
  await waitFor(() => expect(result.queryClient.getQueryData(['session'])).toBeTruthy());
  await waitFor(() => expect(screen.getAllByTestId('cart-row')).toHaveLength(2));
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

  it("creates the order from the server cart's id and lists the server's answer: what is bought, where and for how much", async () => {
    const { fetch } = await openCart();
    const modal = await openSummary();

    expect(within(modal).getByText('Resumen de la Compra')).toBeInTheDocument();
    // One change: the cart is already on the server (it is only read).
    const changes = requestsOf(fetch.mock).filter((request) => request.includes('/api/') && !request.startsWith('GET'));
    expect(changes).toEqual(['POST /api/orders']);
    expect(bodyOf(fetch.mock, '/api/orders')).toEqual({ cartId: 3 });

    const lines = within(modal).getAllByTestId('order-summary-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Ana Perez')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('plomero')).toBeInTheDocument();
    expect(
      within(lines[0]!)
        .getAllByTestId('order-summary-date')
        .map((tag) => tag.textContent),
    ).toEqual(['lunes 7 dic', 'viernes 11 dic']);
    expect(within(lines[0]!).getByTestId('order-summary-line-price')).toHaveTextContent('$ 3.600');
    expect(within(lines[1]!).getByText('Beto Gomez')).toBeInTheDocument();
    expect(within(lines[1]!).getByTestId('order-summary-line-price')).toHaveTextContent('$ 2.000');
    expect(within(modal).getByTestId('order-summary-address')).toHaveTextContent('Calle Falsa 123');
    expect(within(modal).getByTestId('order-summary-email')).toHaveTextContent('ana@oficios.test');
    expect(within(modal).getByTestId('order-summary-total')).toHaveTextContent('$ 5.600');
    expect(within(modal).getByTestId('order-summary-policy')).toHaveTextContent('Cancelación gratuita hasta 48 horas antes del primer día');
    expect(within(modal).getByRole('button', { name: 'Cancelar compra' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Solicitar Pago' })).toBeInTheDocument();
    expect(within(modal).queryByText('Pagar')).not.toBeInTheDocument();
  });

  it("'Solicitar Pago' stores the link and shows 'Pagar'; 'Pagar' empties the server cart, then leaves for the provider", async () => {
    const { fetch, store, server, unmount } = await openCart({ '/api/mercado': { status: 201, body: { url: PAYMENT_URL } } });
    const modal = await openSummary();

    await userEvent.click(within(modal).getByRole('button', { name: 'Solicitar Pago' }));
    const pay = await within(modal).findByRole('link', { name: 'Pagar' });
    expect(pay).toHaveAttribute('href', PAYMENT_URL);
    expect(pay).not.toHaveAttribute('target');
    expect(store.get(checkoutAtom)?.url).toBe(PAYMENT_URL);
    expect(bodyOf(fetch.mock, '/api/mercado')).toEqual({
      orderId: 77,
      clientId: 9,
      items: [
        { title: 'Ana Perez (plomero)', price: 1800, quantity: 2 },
        { title: 'Beto Gomez (plomero)', price: 2000, quantity: 1 },
      ],
    });
    expect(within(modal).getByRole('button', { name: 'Solicitar Pago' })).toBeDisabled();

    await userEvent.click(pay);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(PAYMENT_URL));
    expect(requestsOf(fetch.mock)).toContain('DELETE /api/cart');
    expect(server.details).toEqual([]);
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
    expect(screen.getAllByTestId('cart-row')).toHaveLength(2);
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

  it('a date taken by someone else since it was added (409 date_taken) says so and asks to change it in the cart', async () => {
    const message = 'Ana Perez ya no está disponible el lunes 7 dic: elige otra fecha';
    const { fetch } = await openCart({
      '/api/orders': { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'date_taken', message } },
    });
    const availabilityReads = () => fetch.callsTo('/home/professionals/1/availability').length;
    await waitFor(() => expect(availabilityReads()).toBe(1));
    const modal = await openSummary();

    const error = await within(modal).findByTestId('order-summary-error');
    expect(error).toHaveTextContent('Error, no se puede ejecutar la compra');
    expect(within(modal).getByTestId('order-summary-date-taken')).toHaveTextContent(message);
    expect(error).toHaveTextContent('Cambia esa fecha en tu carrito');
    expect(within(modal).queryByRole('button', { name: 'Solicitar Pago' })).not.toBeInTheDocument();
    expect(requestsOf(fetch.mock)).not.toContain('POST /api/mercado');
    // The pickers read the professionals' dates again, so the taken one is no longer offered.
    await waitFor(() => expect(availabilityReads()).toBe(2));
  });

  it.each([
    ['held_dates_limit', 'Una compra sin pagar puede reservar hasta 60 días y esta tiene 61: quita días de tu carrito.'],
    [
      'unverified_dates_limit',
      'Verifica tu correo para reservar más de 10 días en una compra (esta tiene 12): abre el enlace que te enviamos; desde Mi Perfil puedes pedir otro.',
    ],
  ])('a checkout refused for holding too many dates (409 %s) shows what to do, and offers no payment', async (code, message) => {
    const { fetch } = await openCart({ '/api/orders': { status: 409, body: { statusCode: 409, error: 'Conflict', code, message } } });
    const modal = await openSummary();

    const error = await within(modal).findByTestId('order-summary-error');
    expect(error).toHaveTextContent('Error, no se puede ejecutar la compra');
    expect(error).toHaveTextContent(message);
    expect(within(modal).queryByTestId('order-summary-date-taken')).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Solicitar Pago' })).not.toBeInTheDocument();
    expect(requestsOf(fetch.mock)).not.toContain('POST /api/mercado');
  });

  it("shows 'Error, no se puede ejecutar la compra' when the summary is asked for an empty cart, without calling the server", async () => {
    const fetch = stubFetch({});
    function AskWithEmptyCart() {
      const { mutate } = useOrderSummary();
      useEffect(() => mutate(null), [mutate]);
      return <OrderSummaryModal client={null} />;
    }
    renderPage(<AskWithEmptyCart />, { routePath: 'cart', path: '/cart', store: cartStore([]) });

    const error = await screen.findByTestId('order-summary-error');
    expect(error).toHaveTextContent('Error, no se puede ejecutar la compra');
    expect(requestsOf(fetch.mock).filter((request) => /\/api\/(cart|orders|mercado)/.test(request))).toEqual([]);
  });

  it('leaving the cart page after payment was requested empties the server cart; leaving before keeps it', async () => {
    const first = await openCart();
    act(() => first.store.set(checkoutAtom, { order: newOrder, bookings: [], url: null }));
    first.unmount();
    expect(first.store.get(checkoutAtom)).toBeNull();
    expect(first.server.details).toHaveLength(2);
    restoreFetch();

    const second = await openCart();
    act(() => second.store.set(checkoutAtom, { order: newOrder, bookings: [], url: PAYMENT_URL }));
    second.unmount();
    await waitFor(() => expect(second.server.details).toEqual([]));
  });

  it('says per professional what the booking tells them: the request\'s first words, or "Sin detalles del trabajo" and the way back to write it', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    await openCart();
    // Beto's request panel is folded when the client asks for the summary.
    const requests = screen.getByTestId('cart-job-requests');
    const betoPanel = within(requests).getByRole('button', { name: new RegExp(`Pedido para ${beto.firstName}`) });
    await userEvent.click(betoPanel);
    await waitFor(() => expect(betoPanel).toHaveAttribute('aria-expanded', 'false'));
    const modal = await openSummary();

    const [forAna, forBeto] = within(modal).getAllByTestId('order-summary-request');
    expect(forAna).toHaveAttribute('data-written', 'true');
    expect(within(forAna!).getByTestId('order-summary-request-glimpse')).toHaveTextContent('“Pierde la canilla de la cocina desde el…”');
    expect(within(forAna!).queryByTestId('order-summary-request-missing')).not.toBeInTheDocument();
    expect(forBeto).toHaveAttribute('data-written', 'false');
    expect(within(forBeto!).getByTestId('order-summary-request-missing')).toHaveTextContent('Sin detalles del trabajo');
    // The summary's spec texts stay as they are, and paying is still the client's choice.
    for (const text of ['Resumen de la Compra', 'Nombre', 'Profesiones', 'Dias elegidos', 'Precio', 'Direccion', 'Correo', 'Total'])
      expect(within(modal).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(modal).getByRole('button', { name: 'Solicitar Pago' })).toBeEnabled();
    expect(within(modal).getByRole('button', { name: 'Cancelar compra' })).toBeEnabled();

    await userEvent.click(within(forBeto!).getByRole('button', { name: 'Escribir el pedido' }));
    await waitFor(() => expect(screen.queryByTestId('order-summary-modal')).not.toBeInTheDocument());
    // Beto's panel opens again, its text box in view with the cursor in it.
    await waitFor(() => expect(betoPanel).toHaveAttribute('aria-expanded', 'true'));
    const betoText = within(betoPanel.closest<HTMLElement>('.ant-collapse-item')!).getByTestId('job-request-text');
    await waitFor(() => expect(betoText).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(betoText);
  });

  it('once payment was requested, still warns of a missing request but no longer sends the client back to the cart', async () => {
    await openCart({ '/api/mercado': { status: 201, body: { url: PAYMENT_URL } } });
    const modal = await openSummary();
    expect(within(modal).getAllByTestId('order-summary-write-request')).toHaveLength(1);
    await userEvent.click(within(modal).getByRole('button', { name: 'Solicitar Pago' }));
    await within(modal).findByRole('link', { name: 'Pagar' });
    const [, forBeto] = within(modal).getAllByTestId('order-summary-request');
    expect(within(forBeto!).getByTestId('order-summary-request-missing')).toHaveTextContent('Sin detalles del trabajo');
    expect(within(modal).queryByTestId('order-summary-write-request')).not.toBeInTheDocument();
  });
});
