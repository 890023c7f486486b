import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { historyBooking } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { PurchaseHistory } from './purchase-history';

function renderHistory(lines = [historyBooking(1, { dates: ['2026-12-07', '2026-12-09', '2026-12-11'], reservationAmount: 36000 })]) {
  return renderPage(<PurchaseHistory bookings={lines} bookingActions={(booking) => <button type="button">Acción {booking.id}</button>} />, {
    routePath: 'details/me',
    path: '/details/me',
  });
}

describe('Historial de Compras', () => {
  it('shows the professional, the amount, the date and the booked days of each line', async () => {
    const { location } = renderHistory();
    const history = screen.getByTestId('purchase-history');
    expect(history).toHaveStyle({ maxHeight: '50rem', overflowY: 'auto' });
    const [line] = within(history).getAllByTestId('history-line');

    const name = within(line!).getByRole('link', { name: 'Lucía Gómez' });
    expect(name).toHaveAttribute('href', '/detail/7');
    expect(within(line!).getByTestId('history-amount')).toHaveTextContent('$ 36.000');
    expect(within(line!).getByTestId('history-amount')).toHaveAttribute('data-amount', '36000');
    expect(within(line!).getByTestId('history-date')).toHaveTextContent(/^dom 22 nov 2026$/);
    const days = within(line!).getByTestId('history-days');
    expect(days).toHaveAttribute('data-count', '3');
    expect(days.querySelector('.ant-badge-count')).toHaveAttribute('title', '3');
    expect(within(line!).getByRole('button', { name: 'Acción 1' })).toBeInTheDocument();

    await userEvent.hover(days);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('lunes 7 dic, miercoles 9 dic, viernes 11 dic');

    await userEvent.click(name);
    await waitFor(() => expect(location()).toBe('/detail/7'));
  });

  it('lists one line per order detail', () => {
    renderHistory([
      historyBooking(1),
      historyBooking(2, { professionalId: 9, professional: { id: 9, firstName: 'Raúl', lastName: 'Paz', profileImg: null } }),
    ]);
    const lines = screen.getAllByTestId('history-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[1]!).getByRole('link', { name: 'Raúl Paz' })).toHaveAttribute('href', '/detail/9');
  });

  it("shows one status per line, the booking's own, never the order's beside it", () => {
    renderHistory([
      historyBooking(1, { status: 'completa', lineStatus: 'awaiting_professional' }),
      historyBooking(2, { status: 'procesando', lineStatus: 'confirmed' }),
    ]);
    const [first, second] = screen.getAllByTestId('history-line');
    expect(within(first!).getAllByTestId('history-line-status')).toHaveLength(1);
    expect(within(first!).getByTestId('history-line-status')).toHaveTextContent('esperando la respuesta del profesional');
    expect(first).not.toHaveTextContent(/completa/i);
    expect(within(second!).getByTestId('history-line-status')).toHaveTextContent('confirmada');
    expect(second).not.toHaveTextContent(/procesando/i);
    expect(screen.queryByTestId('history-status')).not.toBeInTheDocument();
  });

  it('says so when there is no purchase yet', () => {
    renderHistory([]);
    expect(screen.getByTestId('purchase-history')).toHaveTextContent('Todavía no compraste ningún servicio');
    expect(screen.queryByTestId('history-line')).not.toBeInTheDocument();
  });
});
