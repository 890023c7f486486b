import type { DisputeView } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { DisputesTool } from './disputes-tool';

jest.setTimeout(30_000);

const dispute = (id: number, overrides: Partial<DisputeView> = {}): DisputeView => ({
  id,
  lineId: 100 + id,
  status: 'open',
  reason: `Reclamo ${id}`,
  professionalAnswer: null,
  resolution: null,
  refundAmount: null,
  adminNote: null,
  createdAt: '2026-12-10T12:00:00.000Z',
  resolvedAt: null,
  ...overrides,
});

function renderTool() {
  const fetch = stubFetch({
    '/api/admin/disputes': { body: [dispute(1, { professionalAnswer: 'Lo arreglé bien' }), dispute(2)] },
    '/api/admin/disputes/*': (url) => ({ body: dispute(Number(url.pathname.split('/')[4]), { status: 'resolved' }) }),
  });
  renderPage(<DisputesTool />, { routePath: 'admin', path: '/admin' });
  const resolves = () =>
    fetch.mock.mock.calls
      .filter(([input]) => String(input).includes('/resolve'))
      .map(([input, init]) => [new URL(String(input)).pathname, JSON.parse(String(init!.body))]);
  return { fetch, resolves };
}

describe('"Disputas" (admin)', () => {
  afterEach(restoreFetch);

  it('lists the open disputes with both sides; resolving with no refund needs no confirmation', async () => {
    const { fetch, resolves } = renderTool();
    const items = await screen.findAllByTestId('dispute');
    expect(fetch.callsTo('/api/admin/disputes')[0]!.search).toBe('?status=open');
    expect(within(items[0]!).getByTestId('dispute-reason')).toHaveTextContent('Reclamo 1');
    expect(within(items[0]!).getByTestId('dispute-answer')).toHaveTextContent('Lo arreglé bien');
    expect(within(items[1]!).getByTestId('dispute-answer')).toHaveTextContent('Todavía no respondió');

    await userEvent.click(within(items[1]!).getByTestId('dispute-resolve'));
    await waitFor(() => expect(resolves()).toEqual([['/api/admin/disputes/2/resolve', { resolution: 'none' }]]));
  });

  it('a partial refund needs an amount and a confirmation that money will move', async () => {
    const { resolves } = renderTool();
    const [first] = await screen.findAllByTestId('dispute');
    await userEvent.click(within(first!).getByLabelText('Devolución parcial'));
    expect(within(first!).getByTestId('dispute-resolve')).toBeDisabled();
    await userEvent.type(within(first!).getByLabelText('Monto a devolver'), '5000');
    await userEvent.type(within(first!).getByLabelText('Nota'), 'Se devuelve la mitad');
    await userEvent.click(within(first!).getByTestId('dispute-resolve'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Se devolverá dinero');
    expect(dialog).toHaveTextContent('El cliente recibirá $ 5.000 a través de MercadoPago');
    expect(resolves()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar devolución' }));
    await waitFor(() =>
      expect(resolves()).toEqual([
        ['/api/admin/disputes/1/resolve', { resolution: 'partial', refundAmount: 5000, note: 'Se devuelve la mitad' }],
      ]),
    );
  });
});
