import type { OrderStatus } from '@oficios/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { PaymentReturnNotice } from './payment-return-notice';

const BACK =
  '/details/me?orden=42&collection_id=901&collection_status=approved&payment_id=901&status=approved&external_reference=42&preference_id=sbx-1';

function renderBack(path: string, liveStatusOf?: (orderId: number) => OrderStatus | undefined) {
  return renderPage(<PaymentReturnNotice liveStatusOf={liveStatusOf} />, { routePath: 'details/me', path });
}

describe('PaymentReturnNotice (back from MercadoPago)', () => {
  afterEach(restoreFetch);

  it("sends the back URL's payment and order (never its status), says the payment is approved, and clears the address", async () => {
    const bodies: unknown[] = [];
    const fetch = stubFetch({
      '/api/mercado/return': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { orderId: 42, status: 'procesando', payment: 'approved' } };
      },
    });
    const { location } = renderBack(BACK);
    expect(await screen.findByText('Pago aprobado')).toBeInTheDocument();
    expect(screen.getByText(/Tu orden 42 está pagada/)).toBeInTheDocument();
    expect(bodies).toEqual([{ paymentId: '901', orderId: '42', externalReference: '42' }]);
    await waitFor(() => expect(location()).toBe('/details/me'));
    expect(fetch.callsTo('/api/mercado/return')).toHaveLength(1);
  });

  it('says a dead order gets its money back, a payment in process that it is pending, a refused one that it was', async () => {
    stubFetch({ '/api/mercado/return': { body: { orderId: 7, status: 'cancelada', payment: 'returned' } } });
    renderBack('/details/me?orden=7&payment_id=55');
    expect(await screen.findByText('Pago devuelto')).toBeInTheDocument();
    expect(screen.getByText(/Tu orden 7 ya no podía pagarse: si MercadoPago te cobró, te devolvemos el pago completo/)).toBeInTheDocument();
    restoreFetch();
    stubFetch({ '/api/mercado/return': { body: { orderId: 8, status: 'creada', payment: 'pending' } } });
    renderBack('/details/me?orden=8&payment_id=56');
    expect(await screen.findByText('Pago pendiente')).toBeInTheDocument();
    restoreFetch();
    stubFetch({ '/api/mercado/return': { body: { orderId: 9, status: 'cancelada', payment: 'rejected' } } });
    renderBack('/details/me?orden=9&payment_id=57&status=approved');
    expect(await screen.findByText('Pago rechazado')).toBeInTheDocument();
  });

  it('follows the order live: a pending payment becomes "Pago aprobado" once the history shows the order paid', async () => {
    stubFetch({ '/api/mercado/return': { body: { orderId: 8, status: 'creada', payment: 'pending' } } });
    // The history as the page holds it: order:status makes it read again, and the order shows paid.
    let setLive: (status: OrderStatus) => void = () => undefined;
    function LiveNotice() {
      const [live, set] = useState<OrderStatus>('creada');
      setLive = set;
      return <PaymentReturnNotice liveStatusOf={() => live} />;
    }
    renderPage(<LiveNotice />, { routePath: 'details/me', path: '/details/me?orden=8&payment_id=56' });
    expect(await screen.findByText('Pago pendiente')).toBeInTheDocument();
    act(() => setLive('procesando'));
    expect(await screen.findByText('Pago aprobado')).toBeInTheDocument();
  });

  it('asks about the order when MercadoPago names no payment ("null")', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      '/api/mercado/return': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { orderId: 5, status: 'creada', payment: 'none' } };
      },
    });
    renderBack('/details/me?orden=5&payment_id=null&status=null&external_reference=5');
    expect(await screen.findByText('Pago sin terminar')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: '5', externalReference: '5' }]);
  });

  it('asks nothing without a payment or an order, or with ids that are not numbers', async () => {
    const fetch = stubFetch({});
    renderBack('/details/me');
    renderBack('/details/me?payment_id=abc&orden=x');
    await waitFor(() => expect(screen.getAllByTestId('location-probe')).toHaveLength(2));
    expect(fetch.callsTo('/api/mercado/return')).toHaveLength(0);
    expect(screen.queryByTestId('payment-return')).not.toBeInTheDocument();
  });

  it('says it could not confirm yet when the API refuses', async () => {
    stubFetch({ '/api/mercado/return': { status: 404, body: { statusCode: 404, code: 'not_found', message: 'No existe el pago 9' } } });
    renderBack('/details/me?payment_id=9');
    expect(await screen.findByText(/No pudimos confirmar tu pago todavía/)).toBeInTheDocument();
  });
});
