import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover } from 'antd';
import { dateTimeLabel, type AppNotification } from '@oficios/domain';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { Typography } from '../../../shared/ui/typography';

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
            description={dateTimeLabel(item.createdAt)}
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
      {/* Named by its content ("Notificaciones 2 sin leer"): an aria-label would not hold the badge's number as shown. */}
      <Button type="text" data-testid="notifications-bell" data-unread={unread} style={{ position: 'relative' }}>
        <span className="visually-hidden">Notificaciones{unread === 0 ? '' : ' '}</span>
        <Badge count={unread} size="small">
          <BellOutlined className="top-bar-cart-icon" aria-hidden />
        </Badge>
        {unread > 0 && <span className="visually-hidden"> sin leer</span>}
      </Button>
    </Popover>
  );
}
