import type { CalendarDay, CalendarDayState, IsoDate } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { CalendarCard } from './calendar-card';

jest.setTimeout(20_000);

function renderCalendar() {
  const states = new Map<IsoDate, CalendarDayState>([
    ['2026-12-06', 'off'],
    ['2026-12-07', 'free'],
    ['2026-12-08', 'held'],
    ['2026-12-09', 'blocked'],
    ['2026-12-10', 'booked'],
    ['2026-12-14', 'free'],
  ]);
  const fetch = stubFetch({
    '/api/bookings/settings': { body: { today: '2026-12-01', timeZone: 'America/Argentina/Buenos_Aires', horizonDays: 60 } },
    '/api/calendar': (url) => {
      const days: CalendarDay[] = [...states].map(([date, state]) => ({ date, state }));
      return { body: { professionalId: 5, from: url.searchParams.get('from'), to: url.searchParams.get('to'), days } };
    },
    '/api/calendar/blocked/*': (url, init) => {
      const date = url.pathname.split('/').pop()!;
      if (date === '2026-12-14')
        return { status: 409, body: { statusCode: 409, code: 'conflict', message: 'Esa fecha ya está reservada' } };
      states.set(date, init?.method === 'PUT' ? 'blocked' : 'free');
      return { body: { date, state: states.get(date) } };
    },
  });
  renderPage(<CalendarCard />, { routePath: 'details/me', path: '/details/me' });
  return fetch;
}

const day = (date: IsoDate) => document.querySelector<HTMLElement>(`[data-testid="calendar-day"][data-date="${date}"]`)!;

describe('"Calendario" (the professional\'s month)', () => {
  afterEach(restoreFetch);

  it('names every state in a legend above the month (on a phone the days keep only their colours)', async () => {
    renderCalendar();
    await waitFor(() => expect(day('2026-12-07')).toHaveAttribute('data-state', 'free'));
    const legend = screen.getByRole('list', { name: 'Referencias del calendario' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Libre', 'Bloqueado', 'Reservado', 'Reservado sin pagar', 'No trabajas']);
    // The legend's colours are the days' own.
    const colourOf = (element: Element) => [...element.classList].find((name) => /^ant-tag-(green|red|blue|gold)$/.test(name));
    expect(colourOf(within(legend).getByText('Libre'))).toBe(colourOf(day('2026-12-07').querySelector('.ant-tag')!));
    expect(colourOf(within(legend).getByText('Bloqueado'))).toBe(colourOf(day('2026-12-09').querySelector('.ant-tag')!));
    expect(colourOf(within(legend).getByText('Reservado'))).toBe(colourOf(day('2026-12-10').querySelector('.ant-tag')!));
    expect(screen.getByTestId('calendar-legend').compareDocumentPosition(day('2026-12-07'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("shows each date's state and blocks a free date and frees a blocked one, at once", async () => {
    const fetch = renderCalendar();
    await waitFor(() => expect(day('2026-12-07')).toHaveAttribute('data-state', 'free'));
    // The month grid is asked for whole: from the Monday before the 1st, six weeks.
    expect(fetch.callsTo('/api/calendar')[0]!.search).toBe('?from=2026-11-30&to=2027-01-10');
    expect(day('2026-12-06')).toHaveTextContent('No trabajas');
    expect(day('2026-12-08')).toHaveTextContent('Reservado sin pagar');
    expect(day('2026-12-09')).toHaveTextContent('Bloqueado');
    expect(day('2026-12-10')).toHaveTextContent('Reservado');

    await userEvent.click(day('2026-12-07'));
    await waitFor(() => expect(day('2026-12-07')).toHaveAttribute('data-state', 'blocked'));
    await userEvent.click(day('2026-12-09'));
    await waitFor(() => expect(day('2026-12-09')).toHaveAttribute('data-state', 'free'));
    // Held and booked dates are not touched.
    await userEvent.click(day('2026-12-08'));
    const changes = fetch.mock.mock.calls
      .filter(([input]) => String(input).includes('/api/calendar/blocked/'))
      .map(([input, init]) => `${init?.method} ${new URL(String(input)).pathname}`);
    expect(changes).toEqual(['PUT /api/calendar/blocked/2026-12-07', 'DELETE /api/calendar/blocked/2026-12-09']);
  });

  it("a refused block shows the API's reason", async () => {
    renderCalendar();
    await waitFor(() => expect(day('2026-12-14')).toHaveAttribute('data-state', 'free'));
    await userEvent.click(day('2026-12-14'));
    expect(await screen.findByText('Esa fecha ya está reservada')).toBeInTheDocument();
  });
  it('steps between months with named buttons, asking for each month grid', async () => {
    const fetch = renderCalendar();
    await waitFor(() => expect(screen.getByTestId('calendar-month')).toHaveTextContent('diciembre 2026'));
    await userEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    await waitFor(() => expect(screen.getByTestId('calendar-month')).toHaveTextContent('enero 2027'));
    await waitFor(() => expect(fetch.callsTo('/api/calendar').map((url) => url.search)).toContain('?from=2026-12-28&to=2027-02-07'));
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await waitFor(() => expect(screen.getByTestId('calendar-month')).toHaveTextContent('noviembre 2026'));
    // No unlabelled control is left in the header (antd's own year and month selects had none).
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
