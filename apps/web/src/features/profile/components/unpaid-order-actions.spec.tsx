import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { leaveTo } from '../../../shared/lib/leave-to';
import { UnpaidOrderActions } from './unpaid-order-actions';

jest.mock('../../../shared/lib/leave-to', () => ({ leaveTo: jest.fn() }));

jest.setTimeout(20_000);

function renderActions() {
  return renderPage(<UnpaidOrderActions orderId={12} clientId={4} />, { routePath: 'details/me', path: '/details/me' });
}

describe('UnpaidOrderActions (an order of the history still waiting for its payment)', () => {
  const assign = jest.mocked(leaveTo);
  beforeEach(() => assign.mockReset());
  afterEach(restoreFetch);

  it('"Pagar" asks for the order\'s link and leaves for it', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      '/api/mercado': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { url: 'http://localhost:3001/sandbox/mercadopago/checkout/sbx-1' } };
      },
    });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3001/sandbox/mercadopago/checkout/sbx-1'));
    expect(bodies).toEqual([{ orderId: 12, clientId: 4, items: [] }]);
  });

  it('"Pagar" on an order that can no longer be paid says why, and stays', async () => {
    stubFetch({
      '/api/mercado': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'order_not_payable',
          message: 'El plazo para pagar la orden 12 venció: vuelve a pedir la compra desde tu carrito',
        },
      },
    });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText(/El plazo para pagar la orden 12 venció/)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('"Descartar orden" asks first, then drops the order', async () => {
    const fetch = stubFetch({ '/api/orders/12': { body: { order: { id: 12, status: 'cancelada' } } } });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Descartar orden' }));
    expect(fetch.callsTo('/api/orders/12')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('Descartaste la orden 12')).toBeInTheDocument();
    expect(fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/orders/12'))?.[1]?.method).toBe('DELETE');
  });
});
