import { orderDateLabel, type OrderStatus, type PaymentAlert } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { restoreFetch, stubFetch, type FakeResponseInit } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import type { AdminOrder } from '../api/get-orders';
import { adminOrder, bodiesOf, chooseOption, SLOW } from '../../../testing/admin-test-utils';
import { OrdersTool } from './orders-tool';

jest.setTimeout(40_000);

/** GET /api/orders over `orders` (filter + pages of 10) and PATCH /api/orders/{id} storing the status. */
function setup(orders: AdminOrder[], failPatch?: FakeResponseInit) {
  const stored = orders.map((order) => ({ ...order }));
  const fetch = stubFetch({
    '/api/orders': (url) => {
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const matching = stored.filter((order) => status === 'Todas' || order.status === status);
      return { body: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize } };
    },
    '/api/orders/*': (url, init) => {
      if (failPatch) return failPatch;
      const order = stored.find((o) => o.id === Number(url.pathname.split('/').pop()))!;
      const status = (JSON.parse(String(init?.body)) as { status: OrderStatus }).status;
      // As the server: cancelling a paid order owes its payment back.
      if (status === 'cancelada' && order.status === 'procesando') order.paymentAlert = REFUND_ALERT;
      order.status = status;
      return { body: order };
    },
  });
  return { fetch, ...renderPage(<OrdersTool />, { routePath: 'admin', path: '/admin' }) };
}

const REFUND_ALERT: PaymentAlert = {
  needsReview: false,
  refundDue: true,
  reasons: ['Orden procesando cancelada por un administrador: hay que devolver el pago'],
};

const rows = () => screen.queryAllByTestId('order-row');
/** What the row's "Cambiar Estado" dropdown shows. */
const shownStatus = (id: number) => rowOf(id).querySelector('.ant-select-content')?.textContent;
const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="order-row"][data-order-id="${id}"]`)!;
const lastQuery = (fetch: ReturnType<typeof stubFetch>) => Object.fromEntries(fetch.callsTo('/api/orders').at(-1)!.searchParams);

describe('Ordenes de Compra', () => {
  afterEach(restoreFetch);

  it('lists the orders with the spec columns', async () => {
    const { fetch } = setup([adminOrder(1), adminOrder(2, { status: 'procesando', amount: 2500.5 })]);
    expect(screen.getByRole('heading', { name: 'Editar Ordenes' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    expect(lastQuery(fetch)).toEqual({ status: 'Todas', page: '1', pageSize: '10' });

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Fecha',
      'ID Orden',
      'ID Cliente',
      'Cantidad de Profesionales',
      'Costo Total',
      'Estado Actual',
      'Cambiar Estado',
    ]);
    const second = within(rowOf(2));
    expect(second.getByTestId('order-date')).toHaveTextContent(orderDateLabel('2026-11-22T12:00:00.000Z'));
    expect(second.getByTestId('order-date').textContent).toHaveLength(15);
    expect(second.getByTestId('order-id')).toHaveTextContent('2');
    expect(second.getByTestId('order-client')).toHaveTextContent('102');
    expect(second.getByTestId('order-professionals')).toHaveTextContent('2');
    expect(second.getByTestId('order-amount')).toHaveTextContent('$ 2.500,50');
    expect(second.getByTestId('order-status')).toHaveTextContent('Procesando');
    expect(second.getByTestId('order-status')).toHaveAttribute('data-color', 'warning');
    expect(second.getByLabelText('Cambiar estado de la orden 2')).toBeInTheDocument();
  });

  it('filters by status from page 1, and pages on the server', async () => {
    const orders = Array.from({ length: 23 }, (_, i) => adminOrder(i + 1, { status: i % 2 === 0 ? 'creada' : 'completa' }));
    const { fetch } = setup(orders);
    await waitFor(() => expect(rows()).toHaveLength(10), SLOW);
    expect(screen.getByText('23 ordenes')).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ status: 'Todas', page: '3', pageSize: '10' }));
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);

    // "Todas" and the four statuses are offered.
    const filter = screen.getByLabelText('Filtrar por Estado');
    fireEvent.mouseDown(filter);
    await waitFor(() => expect(filter).toHaveAttribute('aria-expanded', 'true'));
    const popup = document.getElementById(filter.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
    const titles = Array.from(popup.querySelectorAll('.ant-select-item-option')).map((option) => option.getAttribute('title'));
    expect(titles).toEqual(['Todas', 'creada', 'procesando', 'cancelada', 'completa']);
    fireEvent.mouseDown(filter);

    await chooseOption(filter, 'completa');
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ status: 'completa', page: '1', pageSize: '10' }));
    await waitFor(() => expect(rows()).toHaveLength(10), SLOW);
    expect(rows().every((row) => row.getAttribute('data-status') === 'completa')).toBe(true);
    expect(screen.getByText('11 ordenes')).toBeInTheDocument();

    await chooseOption(screen.getByLabelText('Filtrar por Estado'), 'Todas');
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ status: 'Todas', page: '1', pageSize: '10' }));
  });

  it('changes a status with PATCH /api/orders/{id} and updates the row', async () => {
    const { fetch } = setup([adminOrder(1), adminOrder(2)]);
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);

    await chooseOption(within(rowOf(2)).getByLabelText('Cambiar estado de la orden 2'), 'cancelada');
    await waitFor(() => expect(within(rowOf(2)).getByTestId('order-status')).toHaveTextContent('Cancelada'), SLOW);
    expect(bodiesOf(fetch, 'PATCH', '/api/orders/2')).toEqual([{ status: 'cancelada' }]);
    expect(fetch.mock.mock.calls.find(([, init]) => init?.method === 'PATCH')![0]).toBe('http://localhost:3001/api/orders/2');
    expect(within(rowOf(2)).getByTestId('order-status')).toHaveAttribute('data-color', 'error');
    expect(within(rowOf(1)).getByTestId('order-status')).toHaveTextContent('Creada');
    expect(await screen.findByText('Orden 2: estado cambiado a cancelada', {}, SLOW)).toBeInTheDocument();
  });

  it("shows the payments an administrator must look at under the order's status", async () => {
    const alert: PaymentAlert = { needsReview: true, refundDue: true, reasons: ['Moneda USD en vez de ARS'] };
    setup([adminOrder(1), adminOrder(2, { paymentAlert: alert })]);
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    const flagged = within(rowOf(2));
    expect(flagged.getByTestId('order-refund-due')).toHaveTextContent('Devolución pendiente');
    expect(flagged.getByTestId('order-needs-review')).toHaveTextContent('Pago a revisar');
    expect(flagged.getByTestId('order-payment-reason')).toHaveTextContent('Moneda USD en vez de ARS');
    expect(within(rowOf(1)).queryByTestId('order-payment-alert')).toBeNull();
  });

  it("shows the server's reason for a refused move, and the dropdown goes back to the stored status", async () => {
    const message = 'No se puede pasar la orden 1 de creada a completa: solo un pago aprobado por MercadoPago la marca como pagada';
    setup([adminOrder(1)], { status: 409, body: { statusCode: 409, error: 'Conflict', message } });
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    await chooseOption(within(rowOf(1)).getByLabelText('Cambiar estado de la orden 1'), 'completa');
    expect(await screen.findByText(`No se pudo cambiar el estado de la orden 1: ${message}`, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(shownStatus(1)).toBe('creada'), SLOW);
    expect(within(rowOf(1)).getByTestId('order-status')).toHaveTextContent('Creada');
  });

  it('asks before cancelling a paid order: "Volver" changes nothing, confirming records the refund due', async () => {
    const { fetch } = setup([adminOrder(1, { status: 'procesando' })]);
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    const select = () => within(rowOf(1)).getByLabelText('Cambiar estado de la orden 1');

    await chooseOption(select(), 'cancelada');
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent('¿Cancelar la orden 1?');
    expect(dialog).toHaveTextContent('hay que devolverle $ 1.500 al cliente');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(bodiesOf(fetch, 'PATCH', '/api/orders/1')).toEqual([]);
    expect(shownStatus(1)).toBe('procesando');

    await chooseOption(select(), 'cancelada');
    fireEvent.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Cancelar y devolver el dinero' }));
    await waitFor(() => expect(within(rowOf(1)).getByTestId('order-status')).toHaveTextContent('Cancelada'), SLOW);
    expect(bodiesOf(fetch, 'PATCH', '/api/orders/1')).toEqual([{ status: 'cancelada' }]);
    expect(within(rowOf(1)).getByTestId('order-refund-due')).toHaveTextContent('Devolución pendiente');
    expect(within(rowOf(1)).getByTestId('order-payment-reason')).toHaveTextContent(REFUND_ALERT.reasons[0]);
  });

  it('tells when a status change fails', async () => {
    setup([adminOrder(1)], { status: 403, body: { statusCode: 403, message: 'Solo administradores' } });
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    await chooseOption(within(rowOf(1)).getByLabelText('Cambiar estado de la orden 1'), 'completa');
    expect(await screen.findByText('No se pudo cambiar el estado de la orden 1: Solo administradores', {}, SLOW)).toBeInTheDocument();
    expect(within(rowOf(1)).getByTestId('order-status')).toHaveTextContent('Creada');
  });
});
