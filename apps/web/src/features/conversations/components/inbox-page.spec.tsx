import { act, screen, waitFor, within } from '@testing-library/react';
import { conversation, message, PROFESSIONAL } from '../../../testing/conversation-fixtures';
import { fakeSockets, liveSocket } from '../../../testing/fake-socket';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { session } from '../../../testing/profile-fixtures';
import { renderRoutes } from '../../../testing/render';
import { InboxRoute } from '../routes/inbox-route';
import { ConversationsLive } from './conversations-live';
import { MessagesLink } from './messages-link';

jest.setTimeout(20_000);

const OTHER_CLIENT = { id: 6, firstName: 'Bruno', lastName: 'Paz', profileImg: null };

function renderInbox(list: object[], total = 0) {
  stubFetch({
    '/home/user/me': { body: session('profesional', { id: PROFESSIONAL.id }) },
    '/api/conversations': { body: list },
    '/api/conversations/unread': { body: { total } },
  });
  return renderRoutes(
    [
      {
        path: 'mensajes',
        element: (
          <>
            <ConversationsLive viewerId={PROFESSIONAL.id} />
            <MessagesLink />
            <InboxRoute />
          </>
        ),
      },
    ],
    { path: '/mensajes' },
  );
}

const names = () => screen.getAllByTestId('conversation-name').map((name) => name.textContent);

describe('/mensajes', () => {
  beforeEach(() => {
    fakeSockets.length = 0;
  });
  afterEach(restoreFetch);

  it('lists the conversations newest first with the other person, the last message, the time and the unread count', async () => {
    renderInbox(
      [
        conversation(2, {
          client: OTHER_CLIENT,
          lineId: 31,
          unread: 2,
          updatedAt: '2026-11-22T14:00:00.000Z',
          lastMessage: message(9, { conversationId: 2, senderId: OTHER_CLIENT.id, text: '¿Viene mañana?' }),
        }),
        conversation(1, {
          updatedAt: '2026-11-21T10:00:00.000Z',
          lastMessage: message(5, { senderId: PROFESSIONAL.id, text: 'Sí, paso a las 9' }),
        }),
      ],
      2,
    );
    const items = await screen.findAllByTestId('conversation-item');
    expect(names()).toEqual(['Bruno Paz', 'Ana Ruiz']);
    expect(within(items[0]!).getByTestId('conversation-preview')).toHaveTextContent('¿Viene mañana?');
    expect(within(items[0]!).getByText('Reserva #31')).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('data-unread', '2');
    expect(within(items[1]!).getByTestId('conversation-preview')).toHaveTextContent('Tú: Sí, paso a las 9');
    expect(within(items[1]!).getByTestId('conversation-time')).toHaveTextContent(/21\/11\/26/);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/mensajes/2');
    await waitFor(() => expect(screen.getByTestId('messages-link')).toHaveAttribute('data-unread', '2'));
  });

  it('moves a conversation to the top when a message arrives, and the badge follows the socket’s total', async () => {
    renderInbox([
      conversation(2, { client: OTHER_CLIENT, updatedAt: '2026-11-22T14:00:00.000Z' }),
      conversation(1, { updatedAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    await waitFor(() => expect(names()).toEqual(['Bruno Paz', 'Ana Ruiz']));
    act(() => liveSocket().serverEmit('message:new', message(12, { text: 'Tengo una pérdida', createdAt: '2026-11-22T15:00:00.000Z' })));
    act(() => liveSocket().serverEmit('unread', { total: 1 }));
    await waitFor(() => expect(names()).toEqual(['Ana Ruiz', 'Bruno Paz']));
    const [first] = screen.getAllByTestId('conversation-item');
    expect(within(first!).getByTestId('conversation-preview')).toHaveTextContent('Tengo una pérdida');
    expect(first).toHaveAttribute('data-unread', '1');
    await waitFor(() => expect(screen.getByTestId('messages-link')).toHaveAttribute('data-unread', '1'));
    expect(screen.getByTestId('messages-link')).toHaveAccessibleName('Mensajes 1 sin leer');
  });

  it('says so when there is no conversation yet', async () => {
    renderInbox([]);
    expect(await screen.findByText('Todavía no tienes conversaciones. Aquí verás los mensajes de tus clientes.')).toBeInTheDocument();
  });
});
