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

  it('keeps the request the client sent folded under "Tu pedido" (its first words), opening to the text and the photos', async () => {
    const request = {
      text: 'Pierde la canilla de la cocina.\nLlamame al 11 5555-1234',
      images: [1, 2].map((id) => ({
        id,
        url: `http://localhost:3001/api/job-requests/images/${id}`,
        thumbUrl: `http://localhost:3001/api/job-requests/images/${id}/thumb`,
      })),
    };
    renderHistory([
      historyBooking(1, { jobRequest: request }),
      historyBooking(2, { jobRequest: { text: '', images: request.images.slice(0, 1) } }),
      historyBooking(3, { jobRequest: null }),
    ]);
    const [withRequest, photosOnly, without] = screen.getAllByTestId('history-line');
    const folded = within(withRequest!).getByTestId('history-job-request');
    const header = within(folded).getByRole('button', { name: /Tu pedido/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(within(folded).getByTestId('history-job-request-glimpse')).toHaveTextContent('Pierde la canilla de la cocina.');
    expect(within(folded).queryByAltText('Foto 1 del pedido')).not.toBeInTheDocument();

    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(within(folded).queryByTestId('history-job-request-glimpse')).not.toBeInTheDocument();
    // As written: the client reads its own words, contacts included.
    expect(within(folded).getByTestId('job-request-summary-text').textContent).toBe(request.text);
    const thumbs = within(folded).getAllByAltText(/^Foto \d del pedido$/);
    expect(thumbs.map((thumb) => thumb.getAttribute('src'))).toEqual(request.images.map((image) => image.thumbUrl));
    // A thumbnail opens the photo itself.
    await userEvent.click(within(folded).getByAltText('Foto 2 del pedido'));
    await waitFor(() => expect(document.querySelector(`.ant-image-preview img[src="${request.images[1]!.url}"]`)).toBeInTheDocument());

    expect(within(photosOnly!).getByTestId('history-job-request-glimpse')).toHaveTextContent('1 foto');
    expect(within(without!).queryByTestId('history-job-request')).not.toBeInTheDocument();
  });
});
