import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { review } from '../../../testing/fixtures';
import { jobBooking, sessionUser } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { ProfessionalProfile } from './professional-profile';

const lucia = sessionUser('profesional', {
  firstName: 'Lucía',
  lastName: 'Gómez',
  professions: [
    { id: 1, name: 'plomero' },
    { id: 4, name: 'técnico PC' },
  ],
});

function renderProfile(props: Partial<Parameters<typeof ProfessionalProfile>[0]> = {}) {
  return renderPage(<ProfessionalProfile professional={lucia} reviews={[]} jobs={[]} {...props} />, {
    routePath: 'details/me',
    path: '/details/me',
  });
}

describe('ProfessionalProfile', () => {
  it('shows the contact data and the profession buttons, which open the filtered listing', async () => {
    const { location } = renderProfile();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Lucía Gómez');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ana@oficios.test');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('11 5555 1234');
    expect(screen.getByTestId('profile-address')).toHaveTextContent('Calle Falsa 123');
    expect(screen.getAllByTestId('profile-profession').map((b) => b.textContent)).toEqual(['Plomero', 'Técnico PC']);

    await userEvent.click(screen.getByRole('link', { name: 'Técnico PC' }));
    await waitFor(() => expect(location()).toBe('/home/t%C3%A9cnico%20PC'));
  });

  it('shows at most 9 reviews with comment, reviewer and read-only stars', () => {
    const reviews = Array.from({ length: 12 }, (_, i) =>
      review(i + 1, 5, { rating: (i % 5) + 1, client: { id: 50 + i, firstName: `Cliente${i + 1}`, profileImg: '/avatars/50.svg' } }),
    );
    renderProfile({ reviews });
    const list = screen.getByTestId('profile-reviews');
    const shown = within(list).getAllByTestId('profile-review');
    expect(shown).toHaveLength(9);
    expect(within(shown[0]!).getByTestId('review-comment')).toHaveTextContent('Comentario 1');
    expect(within(shown[0]!).getByTestId('review-author')).toHaveTextContent('Cliente1');
    expect(within(shown[0]!).getByAltText('Foto de Cliente1')).toHaveAttribute('src', 'http://localhost:3001/avatars/50.svg');
    expect(within(shown[2]!).getByTestId('review-rating')).toHaveAttribute('data-rating', '3');
    expect(within(shown[2]!).getByTestId('review-rating').querySelector('.ant-rate')).toHaveClass('ant-rate-disabled');
    expect(list).not.toHaveTextContent('Comentario 10');
  });

  it("colours each job by the spec's status of its own booking, one badge naming the booking's state", () => {
    const states = [
      ['creada', 'awaiting_payment'],
      ['procesando', 'awaiting_professional'],
      ['cancelada', 'declined'],
      // The administrator marked the order complete while this booking still waits: its badge says what the booking is.
      ['completa', 'awaiting_professional'],
      ['completa', 'done'],
    ] as const;
    const jobs = states.map(([status, lineStatus], i) => jobBooking(i + 1, { status, lineStatus, dates: ['2026-12-07', '2026-12-12'] }));
    renderProfile({ jobs });
    const lines = within(screen.getByTestId('jobs-list')).getAllByTestId('job-line');
    for (const line of lines) expect(within(line).getAllByTestId('job-status')).toHaveLength(1);
    const tags = lines.map((line) => within(line).getByTestId('job-status'));
    expect(tags.map((tag) => tag.getAttribute('data-status'))).toEqual(['creada', 'procesando', 'cancelada', 'procesando', 'completa']);
    expect(tags.map((tag) => tag.getAttribute('data-color'))).toEqual(['default', 'warning', 'error', 'warning', 'success']);
    expect(tags[1]).toHaveClass('ant-tag-warning');
    expect(tags[2]).toHaveClass('ant-tag-error');
    expect(tags[4]).toHaveClass('ant-tag-success');
    expect(tags[0]!.className).not.toMatch(/ant-tag-(warning|error|success)/);
    expect(tags.map((tag) => tag.textContent)).toEqual([
      'Esperando el pago',
      'Esperando la respuesta del profesional',
      'Rechazada',
      'Esperando la respuesta del profesional',
      'Realizada',
    ]);
    expect(lines[3]).not.toHaveTextContent(/completa/i);
    expect(within(lines[0]!).getByTestId('job-client')).toHaveTextContent('Cliente1 Pérez');
    expect(within(lines[0]!).getByTestId('job-address')).toHaveTextContent('Calle 1 10');
    expect(within(lines[0]!).getByTestId('job-days')).toHaveTextContent('Lunes 7 dic, Sabado 12 dic');
  });

  it('shows the client’s request (text and photos) beside the dates and the answer deadline, before "Aceptar"', () => {
    const request = {
      text: 'Pierde la canilla de la cocina.\nLlamame al [teléfono oculto]',
      images: [
        {
          id: 7,
          url: 'http://localhost:3001/api/job-requests/images/7',
          thumbUrl: 'http://localhost:3001/api/job-requests/images/7/thumb',
        },
      ],
    };
    const jobs = [
      jobBooking(1, { lineStatus: 'awaiting_professional', responseDueAt: '2099-12-02T15:30:00.000Z', jobRequest: request }),
      jobBooking(2, { lineStatus: 'confirmed' }),
    ];
    renderProfile({ jobs });
    const [withRequest, without] = within(screen.getByTestId('jobs-list')).getAllByTestId('job-line');
    const summary = within(withRequest!).getByTestId('job-request-summary');
    expect(within(summary).getByTestId('job-request-summary-text').textContent).toBe(request.text);
    expect(within(summary).getByAltText('Foto 1 del pedido')).toHaveAttribute('src', request.images[0]!.thumbUrl);
    expect(within(withRequest!).getByTestId('job-response-due')).toBeInTheDocument();
    expect(within(withRequest!).getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(within(without!).queryByTestId('job-request-summary')).not.toBeInTheDocument();
  });

  it('says so when there are no reviews nor jobs', () => {
    renderProfile();
    expect(screen.getByTestId('profile-reviews')).toHaveTextContent('Todavía no tienes reseñas');
    expect(screen.getByTestId('jobs-list')).toHaveTextContent('Todavía no recibiste trabajos');
  });
});
