import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { NotificationsBell } from './notifications-bell';

jest.setTimeout(20_000);

const notice = (id: number, message: string, readAt: string | null) => ({
  id,
  kind: 'new-job',
  message,
  data: {},
  readAt,
  createdAt: '2026-11-22T15:30:00.000Z',
});

describe('NotificationsBell', () => {
  afterEach(() => restoreFetch());

  it('counts the unread ones, lists them all, and marks them read once closed', async () => {
    let read = false;
    const stub = stubFetch({
      '/api/notifications': () => ({
        body: [
          notice(2, 'Nuevo trabajo pagado (orden 7)', read ? '2026-11-22T16:00:00.000Z' : null),
          notice(1, 'Tu orden 3 pasó de creada a completa', '2026-11-21T10:00:00.000Z'),
        ],
      }),
      '/api/notifications/read': () => {
        read = true;
        return { status: 204 };
      },
    });
    renderPage(<NotificationsBell />, { routePath: '/', path: '/' });
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '1'));
    // Heard as seen: the word and the badge's number.
    expect(bell).toHaveAccessibleName('Notificaciones 1 sin leer');

    await userEvent.click(bell);
    expect(await screen.findByText('Nuevo trabajo pagado (orden 7)')).toBeInTheDocument();
    expect(screen.getByText('Tu orden 3 pasó de creada a completa')).toBeInTheDocument();
    expect(stub.callsTo('/api/notifications/read')).toHaveLength(0);

    await userEvent.click(bell);
    await waitFor(() => expect(stub.callsTo('/api/notifications/read')).toHaveLength(1));
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
  });

  it('says when there is nothing', async () => {
    stubFetch({ '/api/notifications': { body: [] } });
    renderPage(<NotificationsBell />, { routePath: '/', path: '/' });
    await userEvent.click(await screen.findByTestId('notifications-bell'));
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();
  });
});
