import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BOOKING_SETTINGS_QUERY_KEY } from '../../../shared/api/get-booking-settings';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { jobBooking, sessionUser } from '../../../testing/profile-fixtures';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { ProfessionalProfile } from './professional-profile';

// A zone other than the default (Buenos Aires, UTC-3): Auckland is UTC+13 in December, so times and "today" differ.
const SETTINGS = { today: '2026-12-08', timeZone: 'Pacific/Auckland', horizonDays: 60, minLeadHours: 24 };
// 8 December 01:00 UTC: 14:00 of the 8th in Auckland (the job of the 7th is over) but 22:00 of the 7th in Buenos Aires.
const NOW = Date.parse('2026-12-08T01:00:00.000Z');

const jobs = [
  jobBooking(1, { lineStatus: 'awaiting_professional', responseDueAt: '2026-12-09T15:30:00.000Z' }),
  jobBooking(2, { lineStatus: 'confirmed', dates: ['2026-12-07'] }),
];

function Page({ queryClient }: { queryClient: QueryClient }) {
  return (
    <TestProviders queryClient={queryClient} path="/details/me">
      <ProfessionalProfile professional={sessionUser('profesional')} reviews={[]} jobs={jobs} />
    </TestProviders>
  );
}

const jobLines = () => screen.getAllByTestId('job-line');

describe('"Trabajos" on the profile the server rendered', () => {
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    stubFetch({
      '/api/bookings/settings': { body: SETTINGS },
      '/api/calendar': (url) => ({
        body: { professionalId: 5, from: url.searchParams.get('from'), to: url.searchParams.get('to'), days: [] },
      }),
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    restoreFetch();
    document.body.innerHTML = '';
  });

  it('is hydrated as the server rendered it even when the booking rules (another zone) answered first, then follows their zone', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // The server renders the profile without the booking rules: the default zone's times, no "Marcar como realizado".
    container.innerHTML = renderToString(<Page queryClient={createTestQueryClient()} />);
    expect(container.querySelector('[data-testid="job-response-due"]')).toHaveTextContent('Responde antes del 09/12/26 12:30');
    expect(container.querySelector('[data-testid="job-done"]')).toBeNull();

    // In the browser the rules' answer came before React reached the jobs (another part of the page asked first).
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(BOOKING_SETTINGS_QUERY_KEY, SETTINGS);
    const redrawn: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page queryClient={queryClient} />, { onRecoverableError: (error) => redrawn.push(error) });
    });
    expect(redrawn).toEqual([]);

    // Once started, the jobs follow the rules' zone: the answer due at Auckland's 04:30 of the 10th, the job of the 7th
    // over there, so it can be marked done.
    await waitFor(() =>
      expect(within(jobLines()[0]).getByTestId('job-response-due')).toHaveTextContent('Responde antes del 10/12/26 04:30'),
    );
    expect(await within(jobLines()[1]).findByTestId('job-done')).toHaveTextContent('Marcar como realizado');
  });
});
