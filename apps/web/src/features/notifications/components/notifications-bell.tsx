import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import type { AppNotification } from '@oficios/domain';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

const dateLabel = (iso: string) => new Date(iso).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short' });

function NotificationsList({ items }: { items: AppNotification[] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tienes notificaciones" />;
  return (
    <List
      size="small"
      className="notifications-list"
      dataSource={items}
      renderItem={(item) => (
        <List.Item data-testid="notification" data-unread={item.readAt === null}>
          <List.Item.Meta
            title={<Typography.Text strong={item.readAt === null}>{item.message}</Typography.Text>}
            description={dateLabel(item.createdAt)}
          />
        </List.Item>
      )}
    />
  );
}

/** The signed-in user's in-app notifications (a professional's new paid jobs, a client's order changes). */
export function NotificationsBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notifications.data ?? [];
  const unread = items.filter((item) => item.readAt === null).length;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Notificaciones"
      content={<NotificationsList items={items} />}
      onOpenChange={(open) => {
        // Seen once the list is closed again, so the bold lines stay while it is being read.
        if (!open && unread > 0) markRead.mutate();
      }}
    >
      <Button type="text" aria-label={`Notificaciones (${unread} sin leer)`} data-testid="notifications-bell" data-unread={unread}>
        <Badge count={unread} size="small">
          <BellOutlined className="top-bar-cart-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
