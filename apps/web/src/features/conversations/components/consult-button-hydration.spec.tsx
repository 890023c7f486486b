import { act, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { ConsultButton } from './consult-button';

function Page({ queryClient }: { queryClient: QueryClient }) {
  return (
    <TestProviders queryClient={queryClient}>
      <ConsultButton professionalId={7} />
    </TestProviders>
  );
}

describe('"Consultar" on a page the server rendered', () => {
  beforeEach(() => stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'No autenticado' } } }));
  afterEach(() => {
    restoreFetch();
    document.body.innerHTML = '';
  });

  it('is hydrated as the server rendered it (nothing) even when the session answered first, then shows', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // The server renders it with the session unknown.
    container.innerHTML = renderToString(<Page queryClient={createTestQueryClient()} />);
    expect(container.querySelector('[data-testid="consult-button"]')).toBeNull();

    // In the browser the session's answer (nobody signed in) came before React reached the button.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    const redrawn: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page queryClient={queryClient} />, { onRecoverableError: (error) => redrawn.push(error) });
    });
    expect(redrawn).toEqual([]);
    expect(screen.getByTestId('consult-button')).toHaveTextContent('Consultar');
  });
});
