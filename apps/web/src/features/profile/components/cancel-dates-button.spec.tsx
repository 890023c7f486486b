import type { BookingFields, HistoryLine } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { bookingFields } from '../../../testing/booking-fixtures';
import { historyBooking } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { ClientBookingActions } from './client-booking-actions';
import { PurchaseHistory } from './purchase-history';
import { refundDay } from './refund-lines';

jest.setTimeout(20_000);

const DATES = ['2026-12-03', '2026-12-10', '2026-12-11'];
const fields = (overrides: Partial<BookingFields> = {}): BookingFields => bookingFields({ dates: DATES, ...overrides });
const line = (id: number, overrides: Partial<BookingFields> = {}): HistoryLine => ({
  ...historyBooking(id, { dates: DATES, reservationAmount: 30000 }),
  ...fields(overrides),
});
const QUOTE = {
  allowed: true,
  dates: [
    { date: '2026-12-03', allowed: true, refundAmount: 5000, kind: 'partial' },
    { date: '2026-12-10', allowed: true, refundAmount: 10000, kind: 'full' },
    { date: '2026-12-11', allowed: true, refundAmount: 10000, kind: 'full' },
  ],
};

function renderHistory(lines: HistoryLine[], bookings: Record<string, RouteHandler | FakeResponseInit> = {}) {
  const fetch = stubFetch({
    '/api/bookings/settings': { body: { policyText: 'Política', timeZone: 'America/Argentina/Buenos_Aires', today: '2026-12-01' } },
    '/home/user/me': { status: 401 },
    ...bookings,
  });
  renderPage(<PurchaseHistory bookings={lines} bookingActions={(booking) => <ClientBookingActions booking={booking} />} />, {
    routePath: 'details/me',
    path: '/details/me',
  });
  return { fetch, lines: () => screen.getAllByTestId('history-line') };
}

describe('"Cancelar días": the client cancels some dates of a booking', () => {
  afterEach(restoreFetch);

  it("shows each date's refund as of now, the chosen dates' total, and cancels only those", async () => {
    const cancel = jest.fn<FakeResponseInit, []>(() => ({ body: line(1, { dates: ['2026-12-10', '2026-12-11'] }) }));
    const { fetch, lines } = renderHistory([line(1)], {
      '/api/bookings/1/date-cancellation': { body: QUOTE },
      '/api/bookings/1/cancel-dates': cancel,
    });
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Cancelar días' }));
    const dialog = await screen.findByRole('dialog');
    const choices = await within(dialog).findAllByTestId('cancel-date');
    expect(choices.map((choice) => choice.textContent!.replace(/\s+/g, ' '))).toEqual([
      'jueves 3 dic · te devolvemos $ 5.000',
      'jueves 10 dic · te devolvemos $ 10.000',
      'viernes 11 dic · te devolvemos $ 10.000',
    ]);
    const ok = within(dialog).getByTestId('cancel-dates-ok');
    expect(ok).toBeDisabled();
    expect(within(dialog).getByTestId('cancel-dates-total')).toHaveTextContent('Elegí los días que querés cancelar.');
    // Every date chosen is the whole booking, and the dialog says so.
    for (const name of [/jueves 10 dic/, /viernes 11 dic/]) await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /jueves 3 dic/ }));
    expect(within(dialog).getByTestId('cancel-dates-whole')).toHaveTextContent('se cancela la reserva entera');
    for (const name of [/jueves 10 dic/, /viernes 11 dic/]) await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    expect(within(dialog).queryByTestId('cancel-dates-whole')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('cancel-dates-total')).toHaveTextContent('Te devolvemos $ 5.000 en total.');
    expect(ok).toHaveTextContent('Cancelar 1 día');
    await userEvent.click(ok);
    expect(await screen.findByText('Cancelaste el día')).toBeInTheDocument();
    const [, init] = fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/bookings/1/cancel-dates'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ dates: ['2026-12-03'] });
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('a date that has started cannot be chosen; the others can, and the booking keeps the started one', async () => {
    const reason = 'El jueves 3 dic ya empezó: ese día no se puede cancelar';
    const { lines } = renderHistory([line(2)], {
      '/api/bookings/2/date-cancellation': {
        body: { allowed: true, dates: [{ date: '2026-12-03', allowed: false, reason }, ...QUOTE.dates.slice(1)] },
      },
    });
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Cancelar días' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: /jueves 3 dic/ })).toBeDisabled();
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /jueves 10 dic/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /viernes 11 dic/ }));
    expect(within(dialog).getByTestId('cancel-dates-total')).toHaveTextContent('Te devolvemos $ 20.000 en total.');
    expect(within(dialog).queryByTestId('cancel-dates-whole')).not.toBeInTheDocument();
  });

  it('a refusal of the whole booking (its status) shows the reason and cannot be confirmed', async () => {
    const reason = 'No se puede cancelar una reserva realizada';
    const { fetch, lines } = renderHistory([line(3)], {
      '/api/bookings/3/date-cancellation': { body: { allowed: false, reason, dates: [] } },
    });
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Cancelar días' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('cancel-dates-refused')).toHaveTextContent(reason);
    expect(within(dialog).getByTestId('cancel-dates-ok')).toBeDisabled();
    expect(fetch.callsTo('/api/bookings/3/cancel-dates')).toHaveLength(0);
  });

  it('a single-date or unpaid booking has no "Cancelar días" (cancelling the booking is cancelling its date)', () => {
    const { lines } = renderHistory([line(4, { dates: ['2026-12-10'] }), line(5, { lineStatus: 'awaiting_payment' })]);
    for (const shown of lines()) expect(within(shown).queryByRole('button', { name: 'Cancelar días' })).not.toBeInTheDocument();
  });
});

describe('the refund line says how much comes back and when', () => {
  afterEach(restoreFetch);

  it('in process, then given back on its day; the cancelled dates are named', async () => {
    const { lines } = renderHistory([
      line(6, {
        dates: ['2026-12-11'],
        cancelledDates: ['2026-12-03', '2026-12-10'],
        refunds: [{ cause: 'client_cancelled', amount: 15000, status: 'requested', requestedAt: '2026-12-01T15:00:00Z', settledAt: null }],
      }),
      line(7, {
        lineStatus: 'refunded',
        refundedAmount: 20000,
        refunds: [
          { cause: 'declined', amount: 20000, status: 'approved', requestedAt: '2026-12-01T15:00:00Z', settledAt: '2026-12-02T15:00:00Z' },
        ],
      }),
    ]);
    const [inProcess, givenBack] = lines();
    expect(within(inProcess!).getByTestId('history-refund')).toHaveTextContent(
      'Te devolvemos $ 15.000 · en proceso, llega en hasta 10 días hábiles',
    );
    expect(within(inProcess!).getByTestId('history-cancelled-dates')).toHaveTextContent('Días cancelados: jueves 3 dic, jueves 10 dic');
    expect(within(givenBack!).getByTestId('history-refund')).toHaveTextContent('Devuelto $ 20.000 el mié 02 dic 2026');
    for (const shown of [inProcess!, givenBack!]) expect(shown.textContent).not.toContain('$ 0');
    await waitFor(() => expect(within(inProcess!).getByTestId('history-policy')).toBeInTheDocument());
  });

  it("names the day in the marketplace's zone (late at night in Buenos Aires is still that day)", () => {
    expect(refundDay('2026-12-03T02:30:00Z')).toBe('mié 02 dic 2026');
    expect(refundDay('2026-12-03T03:30:00Z')).toBe('jue 03 dic 2026');
  });
});
