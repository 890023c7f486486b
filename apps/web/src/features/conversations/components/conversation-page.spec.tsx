import type { ConversationView, MessagePage, MessageView } from '@oficios/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf } from '../../../testing/auth-fixtures';
import { CLIENT, conversation, message, page, PROFESSIONAL } from '../../../testing/conversation-fixtures';
import { fakeSockets, liveSocket } from '../../../testing/fake-socket';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { session } from '../../../testing/profile-fixtures';
import { renderRoutes } from '../../../testing/render';
import { ConversationsLive } from './conversations-live';
import { MASKED_NOTE } from './masked-note';
import { ConversationRoute } from '../routes/conversation-route';

jest.setTimeout(30_000);

const FROM_PRO = { senderId: PROFESSIONAL.id };

interface Setup {
  view?: Partial<ConversationView>;
  /** GET .../messages answers, by query. */
  messages?: RouteHandler;
  sent?: MessageView;
}

/** The client (id 5) on /mensajes/1, with the live connection mounted as the layout mounts it. */
function renderConversation({ view = {}, messages, sent }: Setup = {}) {
  const fetch = stubFetch({
    '/home/user/me': { body: session('cliente', { id: CLIENT.id }) },
    '/api/conversations/1': { body: conversation(1, view) },
    '/api/conversations/1/messages': (url, init) => {
      if (init?.method === 'POST') return { status: 201, body: sent };
      return messages ? messages(url, init) : { body: page(1, 4, false, (id) => (id % 2 === 0 ? FROM_PRO : {})) };
    },
    '/api/conversations/1/read': (_url, init) => ({ body: { conversationId: 1, readerId: CLIENT.id, ...JSON.parse(String(init!.body)) } }),
    '/api/conversations/1/report': { status: 201, body: { reported: true } },
    '/api/conversations': { body: [] },
    '/api/conversations/unread': { body: { total: 0 } },
  });
  const result = renderRoutes(
    [
      {
        path: 'mensajes/:id',
        element: (
          <>
            <ConversationsLive viewerId={CLIENT.id} />
            <ConversationRoute />
          </>
        ),
      },
    ],
    { path: '/mensajes/1' },
  );
  return { fetch, ...result };
}

const shownIds = () => screen.queryAllByTestId(/^(message|system-message)$/).map((element) => Number(element.dataset.messageId));
const messagesAsked = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.mock.calls
    .filter(([input, init]) => new URL(String(input)).pathname === '/api/conversations/1/messages' && init?.method === 'GET')
    .map(([input]) => Object.fromEntries(new URL(String(input)).searchParams));

describe('/mensajes/:id', () => {
  beforeEach(() => {
    fakeSockets.length = 0;
    document.cookie = 'XSRF-TOKEN=token-123';
  });
  afterEach(restoreFetch);

  it('shows the history with own and other bubbles, system lines apart, "Visto", and the masked note', async () => {
    renderConversation({
      view: { otherReadUpTo: 3, masked: true },
      messages: () => ({
        body: {
          items: [
            message(1),
            message(2, FROM_PRO),
            message(3),
            message(4, { senderId: null, kind: 'system', text: 'Reserva pagada' }),
            message(5),
          ],
          hasMore: false,
        } satisfies MessagePage,
      }),
    });
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4, 5]));
    const bubbles = screen.getAllByTestId('message');
    expect(bubbles.map((bubble) => bubble.dataset.own)).toEqual(['true', 'false', 'true', 'true']);
    expect(screen.getByTestId('system-message')).toHaveTextContent('Reserva pagada');
    expect(within(bubbles[2]!).getByText('Visto')).toBeInTheDocument();
    expect(screen.getAllByText('Visto')).toHaveLength(1);
    expect(screen.getByTestId('masked-note')).toHaveTextContent(MASKED_NOTE);
    expect(screen.getByTestId('conversation-other')).toHaveTextContent('Lucía Gómez');
  });

  it('has no masked note once the booking is paid', async () => {
    renderConversation({ view: { masked: false, lineId: 31, orderId: 12 } });
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4]));
    expect(screen.queryByTestId('masked-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('conversation-booking')).toHaveTextContent('Orden #12 · Reserva #31');
  });

  it('marks what it shows as read, asks for older pages by cursor, and sends with Enter', async () => {
    const { fetch } = renderConversation({
      messages: (url) =>
        url.searchParams.get('before') === '31'
          ? { body: page(1, 30, false) }
          : { body: page(31, 60, true, (id) => (id === 60 ? FROM_PRO : {})) },
      sent: message(61, { text: 'Perfecto, lo espero' }),
    });
    await waitFor(() => expect(shownIds()).toHaveLength(60));
    expect(shownIds()).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(messagesAsked(fetch)).toEqual([{ limit: '30' }, { before: '31', limit: '30' }]);
    await waitFor(() => expect(bodyOf(fetch.mock, '/api/conversations/1/read')).toEqual({ upTo: 60 }));

    await userEvent.type(screen.getByPlaceholderText('Escribe un mensaje'), 'Perfecto, lo espero{Enter}');
    await waitFor(() => expect(shownIds().at(-1)).toBe(61));
    const posts = fetch.mock.mock.calls.filter(([, init]) => init?.method === 'POST' && String(init.body).includes('Perfecto'));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ text: 'Perfecto, lo espero' });

    // The socket echoes the sent message to the sender too: still shown once (the next message proves it was taken).
    act(() => liveSocket().serverEmit('message:new', message(61, { text: 'Perfecto, lo espero' })));
    act(() => liveSocket().serverEmit('message:new', message(62, FROM_PRO)));
    await waitFor(() => expect(shownIds().at(-1)).toBe(62));
    expect(shownIds().slice(-3)).toEqual([60, 61, 62]);
  });

  it('takes live messages and receipts from the socket, and catches up after a reconnect without duplicates', async () => {
    let after: string | null = null;
    const { fetch } = renderConversation({
      view: { otherReadUpTo: null },
      messages: (url) => {
        after = url.searchParams.get('after');
        if (after === '5') return { body: { items: [message(5), message(6, FROM_PRO), message(7, FROM_PRO)], hasMore: false } };
        return { body: page(1, 3, false) };
      },
    });
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]));
    const socket = liveSocket();
    expect(socket.url).toBe('http://localhost:3001');
    expect(socket.options.withCredentials).toBe(true);
    expect(socket.handshakeAuth()).toEqual({ xsrf: 'token-123' });

    act(() => socket.serverEmit('message:new', message(4, { ...FROM_PRO, text: 'Sí, el lunes a las 9' })));
    act(() => socket.serverEmit('message:new', message(4, { ...FROM_PRO, text: 'Sí, el lunes a las 9' })));
    act(() => socket.serverEmit('message:new', message(90, { conversationId: 2, ...FROM_PRO })));
    await waitFor(() => expect(shownIds()).toContain(4));
    expect(shownIds()).toEqual([1, 2, 3, 4]);
    expect(screen.getByText('Sí, el lunes a las 9')).toBeInTheDocument();
    await waitFor(() => expect(bodyOf(fetch.mock, '/api/conversations/1/read')).toEqual({ upTo: 4 }));

    act(() => socket.serverEmit('message:read', { conversationId: 1, readerId: PROFESSIONAL.id, upTo: 3 }));
    const third = screen.getAllByTestId('message').find((bubble) => bubble.dataset.messageId === '3')!;
    await waitFor(() => expect(within(third).getByText('Visto')).toBeInTheDocument());

    act(() => socket.serverEmit('message:new', message(5)));
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(after).toBe('5');
  });

  it('reports the conversation after a confirmation', async () => {
    const { fetch } = renderConversation();
    await userEvent.click(await screen.findByRole('button', { name: /Reportar conversación/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fetch.callsTo('/api/conversations/1/report')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Motivo del reporte'), 'Me pidió pagar por fuera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reportar' }));
    await waitFor(() => expect(bodyOf(fetch.mock, '/api/conversations/1/report')).toEqual({ reason: 'Me pidió pagar por fuera' }));
    expect(await screen.findByTestId('conversation-reported')).toBeInTheDocument();
  });

  it('says when the conversation is not the viewer’s', async () => {
    stubFetch({
      '/home/user/me': { body: session('cliente', { id: CLIENT.id }) },
      '/api/conversations/*': { status: 403, body: { statusCode: 403, code: 'forbidden', message: 'No' } },
    });
    renderRoutes([{ path: 'mensajes/:id', element: <ConversationRoute /> }], { path: '/mensajes/8' });
    expect(await screen.findByTestId('conversation-unavailable')).toHaveTextContent('La conversación no existe');
  });
});
