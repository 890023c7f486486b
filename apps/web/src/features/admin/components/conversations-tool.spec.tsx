import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversation, message, page, PROFESSIONAL } from '../../../testing/conversation-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { ConversationsTool } from './conversations-tool';

jest.setTimeout(30_000);

describe('"Conversaciones" (admin)', () => {
  afterEach(restoreFetch);

  it('lists the reported and disputed conversations and reads one, older messages on demand, with no composer', async () => {
    const fetch = stubFetch({
      '/api/admin/conversations': {
        body: [conversation(1, { reported: true }), conversation(2, { lineId: 31, orderId: 12, reported: false })],
      },
      '/api/admin/conversations/1/messages': (url) =>
        url.searchParams.get('before') === '31'
          ? { body: page(1, 30, false) }
          : { body: { items: [message(31, { senderId: PROFESSIONAL.id, text: 'Pagame por fuera' }), message(32)], hasMore: true } },
    });
    renderPage(<ConversationsTool />, { routePath: 'admin', path: '/admin' });
    const items = await screen.findAllByTestId('admin-conversation');
    expect(within(items[0]!).getByTestId('admin-conversation-people')).toHaveTextContent('Ana Ruiz (cliente) · Lucía Gómez (profesional)');
    expect(within(items[0]!).getByText('Reportada')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Reserva en disputa')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Orden #12 · Reserva #31')).toBeInTheDocument();

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Leer mensajes' }));
    const reader = await within(items[0]!).findByTestId('admin-conversation-messages');
    expect(await within(reader).findByText('Pagame por fuera')).toBeInTheDocument();
    expect(within(reader).getAllByText('Lucía Gómez')).toHaveLength(1);
    expect(fetch.callsTo('/api/admin/conversations/1/messages')[0]!.search).toBe('');

    await userEvent.click(within(reader).getByRole('button', { name: 'Cargar mensajes anteriores' }));
    await waitFor(() => expect(within(reader).getAllByTestId('message')).toHaveLength(32));
    expect(fetch.callsTo('/api/admin/conversations/1/messages')[1]!.search).toBe('?before=31');
    expect(within(reader).queryByRole('button', { name: 'Cargar mensajes anteriores' })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Escribe un mensaje')).not.toBeInTheDocument();
  });

  it('says when there is nothing to read', async () => {
    stubFetch({ '/api/admin/conversations': { body: [] } });
    renderPage(<ConversationsTool />, { routePath: 'admin', path: '/admin' });
    expect(await screen.findByText('No hay conversaciones reportadas ni de reservas en disputa')).toBeInTheDocument();
  });
});
