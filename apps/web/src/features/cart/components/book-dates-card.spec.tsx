import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { cartItemsAtom } from '../atoms/cart.atom';
import { BookDatesCard } from './book-dates-card';
import { ana, bookingRoutes, chipsOf, fakeServerCart, pickDate, requestsOf } from '../../../testing/cart-test-utils';

jest.setTimeout(20_000);

const signedOut = { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
const signedInClient = { body: { ...sessionAnswer('cliente'), profile: {} } };

function renderCard(store = createStore()) {
  const result = renderPage(<BookDatesCard professional={ana} />, { routePath: 'detail/:id', path: '/detail/1', store });
  return { ...result, card: () => screen.getByTestId('book-dates-card') };
}

describe("BookDatesCard (the detail page's date picker)", () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it("a visitor's first date puts the professional in the cart with it; more dates join; a repeated one is refused", async () => {
    stubFetch({ '/home/user/me': signedOut, ...bookingRoutes });
    const { store, card } = renderCard();

    await pickDate(card(), '2026-12-09');
    expect(await screen.findByText('Ana Perez fue agregado a tu carrito')).toBeInTheDocument();
    await pickDate(card(), '2026-12-07');
    expect(store.get(cartItemsAtom)).toEqual([
      expect.objectContaining({ dates: ['2026-12-07', '2026-12-09'], days: ['lunes', 'miercoles'], quantity: 2 }),
    ]);
    expect(chipsOf(card())).toEqual(['lunes 7 dic', 'miercoles 9 dic']);
    expect(screen.getByTestId('book-dates-cart-link')).toHaveAttribute('href', '/cart');

    await pickDate(card(), '2026-12-07');
    expect(await screen.findByText('El dia lunes 7 dic para el profesional Ana Perez ya ha sido reservado')).toBeInTheDocument();
    expect(store.get(cartItemsAtom)[0]!.dates).toHaveLength(2);
  });

  it("a signed-in client's first date is one merge with the date; a refusal shows the server's message", async () => {
    const server = fakeServerCart([], [ana]);
    const refusal = 'Ana Perez no está disponible el lunes 14 dic';
    let blocked = false;
    const fetch = stubFetch({
      '/home/user/me': signedInClient,
      ...server.routes,
      ...bookingRoutes,
      '/api/cart/*': (url, init) =>
        blocked
          ? { status: 400, body: { statusCode: 400, error: 'Bad Request', code: 'invalid_input', message: refusal } }
          : server.routes['/api/cart/*']!(url, init),
    });
    const { queryClient, card } = renderCard();
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy());

    await pickDate(card(), '2026-12-11');
    await waitFor(() => expect(chipsOf(card())).toEqual(['viernes 11 dic']));
    const merge = fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/cart/merge'))!;
    expect(JSON.parse(String(merge[1]!.body))).toEqual({ lines: [{ professionalId: 1, days: [], dates: ['2026-12-11'] }] });

    // The date was blocked meanwhile: the server refuses with its message.
    blocked = true;
    await pickDate(card(), '2026-12-14');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('No puedes realizar esta accion')).toBeInTheDocument();
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart'))).toEqual([
      'GET /api/cart',
      'POST /api/cart/merge',
      'PATCH /api/cart/100',
    ]);
  });

  it('shows the price per day, then the running total and a confirmation of each date added', async () => {
    stubFetch({ '/home/user/me': signedOut, ...bookingRoutes });
    const { card } = renderCard();
    expect(within(card()).getByTestId('book-dates-day-price')).toHaveTextContent('Precio por día: $ 1.500');
    expect(within(card()).queryByTestId('picked-total')).not.toBeInTheDocument();
    expect(within(card()).getByTestId('picked-confirmation')).toBeEmptyDOMElement();

    await pickDate(card(), '2026-12-09');
    expect(await within(card()).findByTestId('picked-total')).toHaveTextContent(/^1 día · \$ 1\.500$/);
    expect(within(card()).getByRole('status')).toHaveTextContent('Agregaste el miercoles 9 dic al carrito: 1 día · $ 1.500 en total.');
    await pickDate(card(), '2026-12-11');
    await pickDate(card(), '2026-12-14');
    expect(within(card()).getByTestId('picked-total')).toHaveTextContent(/^3 días · \$ 4\.500$/);
    expect(within(card()).getByRole('status')).toHaveTextContent('Agregaste el lunes 14 dic al carrito: 3 días · $ 4.500 en total.');

    // A refused date (already chosen) is not confirmed.
    await pickDate(card(), '2026-12-09');
    expect(await screen.findByText('El dia miercoles 9 dic para el profesional Ana Perez ya ha sido reservado')).toBeInTheDocument();
    expect(within(card()).getByTestId('picked-confirmation')).toBeEmptyDOMElement();
    expect(within(card()).getByTestId('picked-total')).toHaveTextContent('3 días · $ 4.500');
  });

  it("confirms a signed-in client's date only once the server cart holds it", async () => {
    const server = fakeServerCart([], [ana]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubFetch({
      '/home/user/me': signedInClient,
      ...server.routes,
      ...bookingRoutes,
      '/api/cart/merge': async (url, init) => {
        await held;
        return server.routes['/api/cart/merge']!(url, init);
      },
    });
    const { queryClient, card } = renderCard();
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy());

    await pickDate(card(), '2026-12-11');
    expect(within(card()).getByTestId('picked-confirmation')).toBeEmptyDOMElement();
    release();
    expect(await within(card()).findByText('Agregaste el viernes 11 dic al carrito: 1 día · $ 1.500 en total.')).toBeInTheDocument();
    expect(within(card()).getByTestId('picked-total')).toHaveTextContent('1 día · $ 1.500');
  });
});
