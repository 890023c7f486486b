import type { BookingFields, DisputeView } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { historyBooking } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import type { HistoryLine } from '@oficios/domain';
import { PurchaseHistory } from './purchase-history';
import { ClientBookingActions } from './client-booking-actions';

jest.setTimeout(20_000);

const POLICY =
  'Cancelación gratuita hasta 48 horas antes del primer día; después, hasta el primer día, se devuelve el 50 %; luego no hay devolución.';
const booking = (overrides: Partial<BookingFields> = {}): BookingFields => ({
  dates: ['2026-12-07', '2026-12-09'],
  lineStatus: 'confirmed',
  responseDueAt: null,
  declineReason: null,
  refundedAmount: 0,
  refunds: [],
  dispute: null,
  jobRequest: null,
  ...overrides,
});
const line = (id: number, fields: Partial<BookingFields> = {}): HistoryLine => ({
  ...historyBooking(id, { dates: ['2026-12-07', '2026-12-09'] }),
  ...booking(fields),
});
const dispute: DisputeView = {
  id: 30,
  lineId: 3,
  status: 'resolved',
  reason: 'Quedó una pérdida',
  professionalAnswer: 'Volví a revisarla',
  resolution: 'partial',
  refundAmount: 5000,
  adminNote: 'Se devuelve la mitad',
  createdAt: '2026-12-10T12:00:00.000Z',
  resolvedAt: '2026-12-11T12:00:00.000Z',
};

function renderHistory(lines: HistoryLine[], bookings: Record<string, RouteHandler | FakeResponseInit> = {}) {
  const fetch = stubFetch({
    '/api/bookings/settings': { body: { policyText: POLICY, timeZone: 'America/Argentina/Buenos_Aires', today: '2026-12-01' } },
    '/home/user/me': { status: 401 },
    ...bookings,
  });
  renderPage(<PurchaseHistory bookings={lines} bookingActions={(booking) => <ClientBookingActions booking={booking} />} />, {
    routePath: 'details/me',
    path: '/details/me',
  });
  return { fetch, lines: () => screen.getAllByTestId('history-line') };
}

describe('"Historial de Compras": bookings', () => {
  afterEach(restoreFetch);

  it("shows each line's dates, its status beside the order status, the policy, refunds and the dispute", async () => {
    const { lines } = renderHistory([
      line(1),
      line(2, {
        lineStatus: 'refunded',
        declineReason: 'Estoy de viaje',
        refundedAmount: 20000,
        refunds: [{ cause: 'declined', amount: 20000, status: 'approved', settledAt: '2026-12-02T15:00:00Z' }],
      }),
      line(3, { lineStatus: 'done', dispute }),
    ]);
    const [confirmed, refunded, disputed] = lines();
    expect(
      within(confirmed!)
        .getAllByTestId('history-booked-date')
        .map((tag) => tag.textContent),
    ).toEqual(['lunes 7 dic', 'miercoles 9 dic']);
    expect(confirmed).toHaveAttribute('data-status', 'procesando');
    expect(within(confirmed!).getByTestId('history-line-status')).toHaveTextContent('confirmada');
    for (const each of lines()) expect(await within(each).findByTestId('history-policy')).toHaveTextContent(POLICY);

    await userEvent.hover(within(confirmed!).getByTestId('history-days'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('lunes 7 dic, miercoles 9 dic');

    expect(within(refunded!).getByTestId('history-line-status')).toHaveTextContent('reembolsada');
    expect(within(refunded!).getByTestId('history-decline-reason')).toHaveTextContent('Motivo del profesional: Estoy de viaje');
    expect(within(refunded!).getByTestId('history-refund')).toHaveTextContent('Devuelto $ 20.000 el mié 02 dic 2026');
    expect(within(refunded!).queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument();

    expect(within(disputed!).getByTestId('history-dispute')).toHaveTextContent(
      'Reclamo resuelto: Quedó una pérdida · Respuesta del profesional: Volví a revisarla · Resolución: devolución parcial (Se devuelve la mitad)',
    );
    expect(within(disputed!).queryByRole('button', { name: 'Reportar un problema' })).not.toBeInTheDocument();
  });

  it('"Cancelar reserva" shows what the policy gives back now, then cancels', async () => {
    const cancel = jest.fn(() => ({ body: { id: 1 } }));
    const { fetch, lines } = renderHistory([line(1)], {
      '/api/bookings/1/cancellation': { body: { allowed: true, refundAmount: 10000, kind: 'partial' } },
      '/api/bookings/1/cancel': cancel,
    });
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Cancelar reserva' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('cancel-quote')).toHaveTextContent('Te devolveremos $ 10.000.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reserva' }));
    expect(await screen.findByText('Cancelaste la reserva')).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(fetch.callsTo('/api/bookings/1/cancellation')).toHaveLength(1);
  });

  it("a cancellation the policy refuses shows the reason and can't be confirmed", async () => {
    const reason = 'La reserva ya no se puede cancelar: su primer día ya empezó';
    const { fetch, lines } = renderHistory([line(1)], { '/api/bookings/1/cancellation': { body: { allowed: false, reason } } });
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Cancelar reserva' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('cancel-refused')).toHaveTextContent(reason);
    expect(within(dialog).getByRole('button', { name: 'Cancelar reserva' })).toBeDisabled();
    expect(fetch.callsTo('/api/bookings/1/cancel')).toHaveLength(0);
  });

  it('"Reportar un problema" on a done line sends the reason; a refusal shows its message', async () => {
    let answer: FakeResponseInit = {
      status: 409,
      body: { statusCode: 409, code: 'conflict', message: 'Ya pasó el plazo para reportar un problema' },
    };
    const { fetch, lines } = renderHistory([line(4, { lineStatus: 'done' })], { '/api/bookings/4/dispute': () => answer });
    expect(within(lines()[0]!).queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument();
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Reportar un problema' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Enviar reclamo' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Qué pasó'), 'Sigue goteando');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar reclamo' }));
    expect(await screen.findByText('Ya pasó el plazo para reportar un problema')).toBeInTheDocument();

    answer = { body: { id: 4 } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar reclamo' }));
    expect(await screen.findByText('Recibimos tu reclamo: el administrador lo revisará')).toBeInTheDocument();
    await waitFor(() => expect(fetch.callsTo('/api/bookings/4/dispute')).toHaveLength(2));
    const [, init] = fetch.mock.mock.calls.filter(([input]) => String(input).endsWith('/api/bookings/4/dispute'))[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'Sigue goteando' });
  });
});
