import { screen, waitFor } from '@testing-library/react';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { PaymentReturnNotice } from './payment-return-notice';

const BACK =
  '/details/me?orden=42&collection_id=901&collection_status=approved&payment_id=901&status=approved&external_reference=42&preference_id=sbx-1';

function renderBack(path: string) {
  return renderPage(<PaymentReturnNotice />, { routePath: 'details/me', path });
}

describe('PaymentReturnNotice (back from MercadoPago)', () => {
  afterEach(restoreFetch);

  it("applies the back URL's payment at once, says the order is paid, and clears the address", async () => {
    const bodies: unknown[] = [];
    const fetch = stubFetch({
      '/api/mercado/return': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { orderId: 42, status: 'procesando' } };
      },
    });
    const { location } = renderBack(BACK);
    expect(await screen.findByText(/Pago aprobado: tu orden 42 está pagada/)).toBeInTheDocument();
    expect(bodies).toEqual([{ paymentId: '901' }]);
    await waitFor(() => expect(location()).toBe('/details/me'));
    expect(fetch.callsTo('/api/mercado/return')).toHaveLength(1);
  });

  it('says a dead order gets its money back, and a payment still in process that it will be told', async () => {
    stubFetch({ '/api/mercado/return': { body: { orderId: 7, status: 'cancelada' } } });
    renderBack('/details/me?orden=7&payment_id=55');
    expect(
      await screen.findByText(/Tu orden 7 ya no podía pagarse: si MercadoPago te cobró, te devolvemos el pago completo/),
    ).toBeInTheDocument();
    restoreFetch();
    stubFetch({ '/api/mercado/return': { body: { orderId: 8, status: 'creada' } } });
    renderBack('/details/me?orden=8&payment_id=56');
    expect(await screen.findByText(/Tu pago de la orden 8 todavía no está aprobado/)).toBeInTheDocument();
  });

  it('asks nothing without a payment id, or with one that is not a number', async () => {
    const fetch = stubFetch({});
    renderBack('/details/me');
    renderBack('/details/me?payment_id=abc');
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
