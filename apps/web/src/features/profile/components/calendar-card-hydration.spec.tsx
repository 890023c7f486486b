import { act, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BOOKING_SETTINGS_QUERY_KEY } from '../../../shared/api/get-booking-settings';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { CalendarCard } from './calendar-card';

const SETTINGS = { today: '2026-12-01', timeZone: 'America/Argentina/Buenos_Aires', horizonDays: 60 };

function Page({ queryClient }: { queryClient: QueryClient }) {
  return (
    <TestProviders queryClient={queryClient}>
      <CalendarCard />
    </TestProviders>
  );
}

describe('"Calendario" on the profile the server rendered', () => {
  beforeEach(() =>
    stubFetch({
      '/api/bookings/settings': { body: SETTINGS },
      '/api/calendar': (url) => ({
        body: { professionalId: 5, from: url.searchParams.get('from'), to: url.searchParams.get('to'), days: [] },
      }),
    }),
  );
  afterEach(() => {
    restoreFetch();
    document.body.innerHTML = '';
  });

  it('is hydrated as the server rendered it (no month yet) even when the booking rules answered first, then shows the month', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // The server renders the profile without the booking rules (the visitor's own page asks for them once started).
    container.innerHTML = renderToString(<Page queryClient={createTestQueryClient()} />);
    expect(container.querySelector('[data-testid="calendar-month"]')).toBeNull();

    // In the browser the rules' answer came before React reached the calendar (another part of the page asked first).
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(BOOKING_SETTINGS_QUERY_KEY, SETTINGS);
    const redrawn: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page queryClient={queryClient} />, { onRecoverableError: (error) => redrawn.push(error) });
    });
    expect(redrawn).toEqual([]);
    expect(await screen.findByTestId('calendar-month')).toHaveTextContent(/diciembre 2026/i);
  });
});
