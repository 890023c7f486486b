import { outsideServiceAreaMessage, type CartView, type Locality, type OutsideServiceArea } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { ana, bookingRoutes, requestsOf } from '../../../testing/cart-test-utils';
import { CartPage } from './cart-page';

jest.setTimeout(20_000);

const locality = (id: string, name: string, province: string): Locality => ({ id, name, department: '', province, lat: 0, lon: 0 });
const caballito = locality('0204201001', 'Caballito', 'Ciudad Autónoma de Buenos Aires');
const rosario = locality('82084270', 'Rosario', 'Santa Fe');

const refusal: OutsideServiceArea = {
  professionalId: ana.id,
  distanceKm: 278.6,
  radiusKm: 15,
  locality: rosario,
  areaLocality: caballito,
  message: outsideServiceAreaMessage(ana, { locality: caballito, radiusKm: 15 }, rosario, 278.6),
};

/** The client's server cart: Ana on Monday 7, the job at `street` in `place`, Ana outside her area there or not. */
function cartAt(place: Locality, street: string, outside: OutsideServiceArea | null): CartView {
  return {
    id: 3,
    total: 1500,
    place: { locality: place, street },
    details: [
      {
        id: 40,
        cartId: 3,
        professionalId: ana.id,
        days: ['lunes'],
        dates: ['2026-12-07'],
        quantity: 1,
        price: 1500,
        professional: ana,
        jobRequest: { text: '', images: [] },
        distanceKm: outside ? outside.distanceKm : 0,
        outsideArea: outside,
      },
    ],
  };
}

function serve(answerPlace: (body: { localityId: string; street: string }) => { status?: number; body: unknown }) {
  return stubFetch({
    '/home/user/me': { body: { ...sessionAnswer('cliente'), profile: {} } },
    '/api/cart': { body: cartAt(rosario, 'Córdoba 1000', refusal) },
    '/api/cart/place': (_url, init) => answerPlace(JSON.parse(String(init?.body))),
    [`/home/localities/${rosario.id}`]: { body: rosario },
    ...bookingRoutes,
  });
}

describe('the cart and where the job is', () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it("warns on the line of a professional who does not work at the cart's place, and does not start the summary", async () => {
    const fetch = serve(() => ({ body: {} }));
    renderPage(<CartPage />, { routePath: 'cart', path: '/cart' });

    const [row] = await screen.findAllByTestId('cart-row');
    expect(within(row!).getByTestId('cart-line-outside-area')).toHaveTextContent(refusal.message);
    expect(screen.getByTestId('cart-place-text')).toHaveTextContent('Córdoba 1000, Rosario, Santa Fe');
    await userEvent.click(screen.getByTestId('cart-summary'));
    expect((await screen.findAllByText(refusal.message)).length).toBeGreaterThan(1);
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/orders'))).toEqual([]);
  });

  it("changes the place: a refusal shows the API's message and changes nothing; a place inside clears the warning", async () => {
    let refuse = true;
    const fetch = serve((body) =>
      refuse
        ? { status: 409, body: { statusCode: 409, code: 'outside_service_area', message: refusal.message, outside: [refusal] } }
        : { body: { cart: cartAt(rosario, body.street, null) } },
    );
    renderPage(<CartPage />, { routePath: 'cart', path: '/cart' });

    await userEvent.click(await screen.findByTestId('cart-place-change'));
    const street = screen.getByTestId('cart-place-street');
    await userEvent.clear(street);
    await userEvent.type(street, 'Bv. Oroño 1200');
    await userEvent.click(screen.getByTestId('cart-place-save'));
    expect(await screen.findByTestId('cart-place-error')).toHaveTextContent(refusal.message);
    expect(screen.getByTestId('cart-place-text')).toHaveTextContent('Córdoba 1000, Rosario, Santa Fe');
    expect(screen.getByTestId('cart-line-outside-area')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(screen.getByTestId('cart-place-save'));
    await waitFor(() => expect(screen.queryByTestId('cart-line-outside-area')).not.toBeInTheDocument());
    expect(screen.getByTestId('cart-place-text')).toHaveTextContent('Bv. Oroño 1200, Rosario, Santa Fe');
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart/place'))).toEqual([
      'PUT /api/cart/place',
      'PUT /api/cart/place',
    ]);
    expect(bodyOf(fetch.mock, '/api/cart/place', 1)).toEqual({ localityId: rosario.id, street: 'Bv. Oroño 1200' });
  });
});
