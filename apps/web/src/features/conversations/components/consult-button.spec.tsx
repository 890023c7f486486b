import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';
import { bodyOf } from '../../../testing/auth-fixtures';
import { conversation } from '../../../testing/conversation-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { ConsultButton } from './consult-button';
import { ConversationLink } from './conversation-link';

jest.setTimeout(20_000);

const ANONYMOUS = { status: 401, body: { statusCode: 401, message: 'No autenticado' } };

function renderButton(me: object) {
  const fetch = stubFetch({ '/home/user/me': me, '/api/conversations': { status: 201, body: conversation(12) } });
  return { fetch, ...renderPage(<ConsultButton professionalId={7} />, { routePath: 'detail/:id', path: '/detail/7' }) };
}

describe('"Consultar"', () => {
  afterEach(restoreFetch);

  it('opens the client’s conversation with the professional and goes to it', async () => {
    const { fetch, location } = renderButton({ body: session('cliente') });
    await userEvent.click(await screen.findByRole('button', { name: /Consultar/ }));
    await waitFor(() => expect(location()).toBe('/mensajes/12'));
    expect(bodyOf(fetch.mock, '/api/conversations')).toEqual({ professionalId: 7 });
  });

  it('asks a visitor to sign in first', async () => {
    const { fetch, store, location } = renderButton(ANONYMOUS);
    await userEvent.click(await screen.findByRole('button', { name: /Consultar/ }));
    expect(store.get(authDrawerAtom)).toBe('login');
    expect(fetch.callsTo('/api/conversations')).toHaveLength(0);
    expect(location()).toBe('/detail/7');
  });

  it.each(['profesional', 'administrador'] as const)('is not there for a %s', async (type) => {
    const { queryClient } = renderButton({ body: session(type) });
    // Once the session is known (before, nobody sees the button), still none.
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeTruthy());
    await act(() => Promise.resolve());
    expect(screen.queryByText('Consultar')).not.toBeInTheDocument();
  });
});

describe('"Ver conversación"', () => {
  afterEach(restoreFetch);

  it('opens the booking’s thread and goes to it', async () => {
    const fetch = stubFetch({ '/api/conversations': { status: 201, body: conversation(4, { lineId: 31 }) } });
    const { location } = renderPage(<ConversationLink bookingId={31} />, { routePath: 'details/me', path: '/details/me' });
    await userEvent.click(screen.getByRole('button', { name: /Ver conversación/ }));
    await waitFor(() => expect(location()).toBe('/mensajes/4'));
    expect(bodyOf(fetch.mock, '/api/conversations')).toEqual({ lineId: 31 });
  });
});
