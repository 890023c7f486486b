import type { BookingFields, DisputeView } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { jobBooking, sessionUser } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import type { Job } from './job-actions';
import { ProfessionalProfile } from './professional-profile';

jest.setTimeout(20_000);

const booking = (overrides: Partial<BookingFields> = {}): BookingFields => ({
  dates: ['2099-12-07', '2099-12-09'],
  lineStatus: 'awaiting_professional',
  responseDueAt: '2099-12-02T15:30:00.000Z',
  declineReason: null,
  refundedAmount: 0,
  refunds: [],
  dispute: null,
  jobRequest: null,
  ...overrides,
});
const job = (id: number, fields: Partial<BookingFields> = {}): Job => ({ ...jobBooking(id, { status: 'procesando' }), ...booking(fields) });

const settings = { body: { timeZone: 'America/Argentina/Buenos_Aires', today: '2099-12-01', policyText: 'Política' } };

function renderJobs(jobs: Job[], bookings: RouteHandler = (url) => ({ body: { id: Number(url.pathname.split('/')[3]) } })) {
  const fetch = stubFetch({ '/api/bookings/settings': settings, '/api/bookings/*': bookings, '/home/user/me': { status: 401 } });
  renderPage(<ProfessionalProfile professional={sessionUser('profesional')} reviews={[]} jobs={jobs} />, {
    routePath: 'details/me',
    path: '/details/me',
  });
  const posts = () =>
    fetch.mock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input, init]) => [new URL(String(input)).pathname, JSON.parse(String(init!.body ?? '{}'))]);
  return { fetch, posts, lines: () => screen.getAllByTestId('job-line') };
}

describe('"Trabajos": the professional decides', () => {
  afterEach(restoreFetch);

  it('shows the dates, one status (the booking\'s) and the answer deadline; "Aceptar" accepts', async () => {
    const { posts, lines } = renderJobs([job(1)]);
    const line = lines()[0]!;
    expect(within(line).getByTestId('job-days')).toHaveTextContent('Lunes 7 dic, Miercoles 9 dic');
    expect(within(line).getAllByTestId('job-status')).toHaveLength(1);
    expect(within(line).getByTestId('job-status')).toHaveTextContent(/^Esperando la respuesta del profesional$/);
    expect(within(line).getByTestId('job-status')).toHaveAttribute('data-status', 'procesando');
    expect(within(line).getByTestId('job-response-due')).toHaveTextContent('Responde antes del 02/12/99 12:30');

    await userEvent.click(within(line).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Aceptaste el trabajo')).toBeInTheDocument();
    expect(posts()).toEqual([['/api/bookings/1/accept', {}]]);
  });

  it('"Rechazar" asks for an optional reason and declines', async () => {
    const { posts, lines } = renderJobs([job(2), job(3)]);
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Motivo del rechazo'), 'Estoy de viaje');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Rechazaste el trabajo')).toBeInTheDocument();

    await userEvent.click(within(lines()[1]!).getByRole('button', { name: 'Rechazar' }));
    const second = await screen.findByRole('dialog');
    await userEvent.click(within(second).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()).toEqual([
      ['/api/bookings/2/decline', { reason: 'Estoy de viaje' }],
      ['/api/bookings/3/decline', {}],
    ]);
  });

  it('a confirmed line gets "Cancelar" (the client is refunded in full) and, after its last date, "Marcar como realizado"', async () => {
    const { posts, lines } = renderJobs([
      job(4, { lineStatus: 'confirmed', dates: ['2020-01-06'], responseDueAt: null }),
      job(5, { lineStatus: 'confirmed', responseDueAt: null }),
    ]);
    expect(within(lines()[0]!).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(within(lines()[0]!).queryByTestId('job-response-due')).not.toBeInTheDocument();
    expect(within(lines()[1]!).queryByRole('button', { name: 'Marcar como realizado' })).not.toBeInTheDocument();

    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Marcar como realizado' }));
    expect(await screen.findByText('Marcaste el trabajo como realizado')).toBeInTheDocument();

    await userEvent.click(within(lines()[1]!).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('job-cancel-warning')).toHaveTextContent('El cliente recibirá la devolución completa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar el trabajo' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()).toEqual([
      ['/api/bookings/4/done', {}],
      ['/api/bookings/5/cancel', {}],
    ]);
  });

  it("a refused move shows the API's reason", async () => {
    const reason = 'No se puede aceptar una reserva vencida';
    const { lines } = renderJobs([job(6)], () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', code: 'conflict', message: reason },
    }));
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it("shows the client's report of a problem and sends the professional's answer", async () => {
    const dispute: DisputeView = {
      id: 30,
      lineId: 7,
      status: 'open',
      reason: 'Quedó una pérdida',
      professionalAnswer: null,
      resolution: null,
      refundAmount: null,
      adminNote: null,
      createdAt: '2099-12-10T12:00:00.000Z',
      resolvedAt: null,
    };
    const { posts, lines } = renderJobs([job(7, { lineStatus: 'done', dispute })]);
    expect(within(lines()[0]!).getByTestId('job-dispute')).toHaveTextContent('Reclamo del cliente (abierto): Quedó una pérdida');
    await userEvent.click(within(lines()[0]!).getByRole('button', { name: 'Responder reclamo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Enviar respuesta' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Tu respuesta al reclamo'), 'La arreglo el lunes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Enviamos tu respuesta')).toBeInTheDocument();
    expect(posts()).toEqual([['/api/bookings/7/dispute/answer', { answer: 'La arreglo el lunes' }]]);
  });
});
