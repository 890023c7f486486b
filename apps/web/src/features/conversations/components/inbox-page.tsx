import type { ConversationView, SessionUser } from '@oficios/domain';
import { Badge, Card, Empty, List } from 'antd';
import { Link } from 'react-router-dom';
import { messageTime } from '../../../shared/lib/message-time';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { QueryError } from '../../../shared/ui/query-error';
import { useConversations } from '../api/get-conversations';
import { fullName, otherPerson } from '../lib/participants';
import { Typography } from '../../../shared/ui/typography';

/** The last message in one line: a booking event as it reads, the viewer's own with "Tú:", pictures named. */
export function messagePreview(conversation: ConversationView, viewerId: number): string {
  const last = conversation.lastMessage;
  if (!last) return 'Sin mensajes todavía';
  const pictures = last.images.length === 1 ? 'Una imagen' : `${last.images.length} imágenes`;
  const body = last.text || (last.images.length > 0 ? pictures : '');
  return last.senderId === viewerId ? `Tú: ${body}` : body;
}

function ConversationItem({ conversation, viewerId }: { conversation: ConversationView; viewerId: number }) {
  const other = otherPerson(conversation, viewerId);
  const name = fullName(other);
  const unread = conversation.unread > 0;
  return (
    <List.Item data-testid="conversation-item" data-conversation-id={conversation.id} data-unread={conversation.unread}>
      <Link to={`/mensajes/${conversation.id}`} style={{ display: 'flex', alignItems: 'center', gap: 12, width: '100%', color: 'inherit' }}>
        {/* The link is named by what it shows: the name, the last message, its time, the unread count (the photo
            only repeats the name). */}
        <AvatarImage path={other.profileImg} alt="" style={{ width: 44, height: 44, borderRadius: '50%', flex: 'none' }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong data-testid="conversation-name">
            {name}
          </Typography.Text>
          {conversation.lineId !== null && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              Reserva #{conversation.lineId}
            </Typography.Text>
          )}
          <Typography.Paragraph
            type={unread ? undefined : 'secondary'}
            strong={unread}
            ellipsis
            style={{ margin: 0 }}
            data-testid="conversation-preview"
          >
            {messagePreview(conversation, viewerId)}
          </Typography.Paragraph>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4, flex: 'none' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="conversation-time">
            {messageTime(conversation.updatedAt)}
          </Typography.Text>
          <Badge count={conversation.unread} data-testid="conversation-unread" />
        </div>
      </Link>
    </List.Item>
  );
}

/** /mensajes: the viewer's conversations, newest first, each with the other person, the last message and its unread count. */
export function InboxPage({ viewer }: { viewer: SessionUser }) {
  const conversations = useConversations();
  const empty =
    viewer.type === 'cliente'
      ? 'Todavía no tienes conversaciones. Escribe a un profesional con «Consultar» desde su perfil.'
      : 'Todavía no tienes conversaciones. Aquí verás los mensajes de tus clientes.';
  return (
    <Card data-testid="inbox">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Mensajes
      </Typography.Title>
      {conversations.isError ? (
        <QueryError error={conversations.error} title="No se pudieron cargar tus mensajes" />
      ) : (
        <List
          loading={conversations.isPending}
          dataSource={conversations.data ?? []}
          locale={{ emptyText: <Empty description={empty} data-testid="inbox-empty" /> }}
          renderItem={(conversation) => <ConversationItem key={conversation.id} conversation={conversation} viewerId={viewer.id} />}
        />
      )}
    </Card>
  );
}
