import type { ConversationPerson, ConversationView } from '@oficios/domain';
import { Button, Card, Empty, Flex, Spin, Tag } from 'antd';
import { useState } from 'react';
import { messageTime } from '../../../shared/lib/message-time';
import { MessageBubble } from '../../../shared/ui/message-bubble';
import { QueryError } from '../../../shared/ui/query-error';
import { useAdminConversations, useAdminMessages } from '../api/conversations';
import { Typography } from '../../../shared/ui/typography';

const nameOf = (person: ConversationPerson) => `${person.firstName} ${person.lastName}`;

/** One conversation's messages as they were written, read-only; the professional's on the right. */
function ConversationReader({ conversation }: { conversation: ConversationView }) {
  const history = useAdminMessages(conversation.id);
  const messages = history.data?.pages.flatMap((page) => page.items) ?? [];
  const names = new Map([conversation.client, conversation.professional].map((person) => [person.id, nameOf(person)]));
  if (history.isError) return <QueryError error={history.error} title="No se pudieron cargar los mensajes" />;
  return (
    <Spin spinning={history.isPending}>
      <Flex
        vertical
        data-testid="admin-conversation-messages"
        style={{ maxHeight: 480, overflowY: 'auto', padding: 8, background: '#fafafa' }}
      >
        {history.hasPreviousPage && (
          <Button type="link" loading={history.isFetchingPreviousPage} onClick={() => void history.fetchPreviousPage()}>
            Cargar mensajes anteriores
          </Button>
        )}
        {!history.isPending && messages.length === 0 && <Empty description="La conversación no tiene mensajes" />}
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            own={message.senderId === conversation.professional.id}
            author={message.senderId === null ? undefined : (names.get(message.senderId) ?? `Usuario #${message.senderId}`)}
          />
        ))}
      </Flex>
    </Spin>
  );
}

function ConversationItem({ conversation }: { conversation: ConversationView }) {
  const [reading, setReading] = useState(false);
  return (
    <Card size="small" data-testid="admin-conversation" data-conversation-id={conversation.id}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" wrap gap="small">
          <Flex vertical gap={2}>
            <Typography.Text strong data-testid="admin-conversation-people">
              {nameOf(conversation.client)} (cliente) · {nameOf(conversation.professional)} (profesional)
            </Typography.Text>
            <Flex wrap gap={4} align="center">
              {conversation.reported && <Tag color="orange">Reportada</Tag>}
              {conversation.lineId !== null && (
                <Tag>
                  {conversation.orderId !== null && `Orden #${conversation.orderId} · `}Reserva #{conversation.lineId}
                </Tag>
              )}
              {!conversation.reported && <Tag color="red">Reserva en disputa</Tag>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Último mensaje: {messageTime(conversation.updatedAt)}
              </Typography.Text>
            </Flex>
          </Flex>
          <Button onClick={() => setReading((open) => !open)} data-testid="admin-conversation-read">
            {reading ? 'Ocultar mensajes' : 'Leer mensajes'}
          </Button>
        </Flex>
        {reading && <ConversationReader conversation={conversation} />}
      </Flex>
    </Card>
  );
}

/** "Conversaciones": the reported conversations and those of disputed bookings, to read (nothing is written here). */
export function ConversationsTool() {
  const conversations = useAdminConversations();
  return (
    <Flex vertical gap={12} data-testid="conversations-tool">
      <Typography.Title level={4} style={{ margin: 0 }}>
        Conversaciones
      </Typography.Title>
      {conversations.isError ? (
        <QueryError error={conversations.error} title="No se pudieron cargar las conversaciones" />
      ) : conversations.data?.length === 0 ? (
        <Empty description="No hay conversaciones reportadas ni de reservas en disputa" />
      ) : (
        <Spin spinning={conversations.isPending}>
          <Flex vertical gap={12}>
            {(conversations.data ?? []).map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} />
            ))}
          </Flex>
        </Spin>
      )}
    </Flex>
  );
}
