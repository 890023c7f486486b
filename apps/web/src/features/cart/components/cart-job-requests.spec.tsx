import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../testing/render';
import { ana, beto } from '../../../testing/cart-test-utils';
import type { CartItem } from '../atoms/cart.atom';
import { CartJobRequests } from './cart-job-requests';

const item = (professional: typeof ana, extra: Partial<CartItem> = {}): CartItem => ({
  professional,
  days: ['lunes'],
  dates: ['2026-12-07'],
  quantity: 1,
  ...extra,
});

const renderRequests = (items: CartItem[]) => renderPage(<CartJobRequests items={items} />, { routePath: '*', path: '/cart' });

describe('CartJobRequests', () => {
  it('gives each professional its request, open where nothing is written yet', () => {
    renderRequests([
      item(ana, { idDb: 5, jobRequest: { text: '', images: [] } }),
      item(beto, { idDb: 6, jobRequest: { text: 'Pintar el living', images: [] } }),
    ]);
    const box = screen.getByTestId('cart-job-requests');
    expect(within(box).getByText(`Pedido para ${ana.firstName} ${ana.lastName}`)).toBeInTheDocument();
    expect(within(box).getByText(`Pedido para ${beto.firstName} ${beto.lastName}`)).toBeInTheDocument();
    // Only the untold one is open: one text box, asking for the description.
    expect(within(box).getAllByTestId('job-request-text')).toHaveLength(1);
    expect(within(box).getByTestId('job-request-missing')).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and shows nothing for an empty cart', () => {
    const { unmount } = renderRequests([item(ana)]);
    expect(screen.getByTestId('job-request-sign-in')).toBeInTheDocument();
    expect(screen.queryByTestId('job-request-text')).not.toBeInTheDocument();
    unmount();
    renderRequests([]);
    expect(screen.queryByTestId('cart-job-requests')).not.toBeInTheDocument();
  });
});
