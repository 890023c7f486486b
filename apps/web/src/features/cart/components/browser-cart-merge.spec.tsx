import { screen, waitFor } from '@testing-library/react';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { CART_STORAGE_KEY, cartItemsAtom } from '../atoms/cart.atom';
import { BrowserCartMerge } from './browser-cart-merge';
import { CartPage } from './cart-page';
import { ana, beto, bookingRoutes, cartStore, fakeServerCart, requestsOf } from '../../../testing/cart-test-utils';

jest.setTimeout(20_000);

const signedInClient = { body: { ...sessionAnswer('cliente'), profile: {} } };

function CartWithMerge() {
  return (
    <>
      <BrowserCartMerge />
      <CartPage />
    </>
  );
}

describe('BrowserCartMerge', () => {
  afterEach(() => {
    restoreFetch();
    localStorage.clear();
  });

  it('merges the browser cart into the server cart once at sign-in, drops the browser copy and tells what was left out', async () => {
    const server = fakeServerCart([{ id: 40, professional: ana, dates: ['2026-12-11'] }]);
    const dropped = [{ reason: 'unavailable-date', professionalId: 2, name: 'Beto Gomez', date: '2026-12-05', refusal: 'taken' }];
    const fetch = stubFetch({
      '/home/user/me': signedInClient,
      ...server.routes,
      ...bookingRoutes,
      '/api/cart/merge': async (url, init) => {
        const { body } = await server.routes['/api/cart/merge']!(url, init);
        return { body: { ...(body as object), dropped } };
      },
    });
    const store = cartStore([
      [ana, ['2026-12-07']],
      [beto, ['2026-12-12']],
    ]);
    renderPage(<CartWithMerge />, { routePath: 'cart', path: '/cart', store });

    await waitFor(() => expect(store.get(cartItemsAtom)).toEqual([]));
    expect(
      await screen.findByText('Quitamos de tu carrito el sabado 5 dic de Beto Gomez, que ya no se puede reservar.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('cart-row')).toHaveLength(2));
    expect(requestsOf(fetch.mock).filter((request) => request.includes('/api/cart/merge'))).toEqual(['POST /api/cart/merge']);
    const merge = fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/cart/merge'))!;
    expect(JSON.parse(String(merge[1]!.body))).toEqual({
      lines: [
        { professionalId: 1, days: [], dates: ['2026-12-07'] },
        { professionalId: 2, days: [], dates: ['2026-12-12'] },
      ],
    });
    expect(server.details).toEqual([
      { id: 40, professionalId: 1, dates: ['2026-12-07', '2026-12-11'] },
      { id: 100, professionalId: 2, dates: ['2026-12-12'] },
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([]);
  });

  it('leaves a visitor’s cart in the browser', async () => {
    const fetch = stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } }, ...bookingRoutes });
    const store = cartStore([[ana, ['2026-12-07']]]);
    const { queryClient } = renderPage(<CartWithMerge />, { routePath: 'cart', path: '/cart', store });
    await waitFor(() => expect(queryClient.getQueryState(['session'])?.status).toBe('success'));
    expect(await screen.findAllByTestId('cart-row')).toHaveLength(1);
    expect(store.get(cartItemsAtom)).toHaveLength(1);
    expect(requestsOf(fetch.mock).filter((request) => /\/api\/(cart|orders)/.test(request))).toEqual([]);
  });
});
