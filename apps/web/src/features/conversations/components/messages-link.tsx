import { MessageOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { NavLink } from 'react-router-dom';
import { useUnreadTotal } from '../api/get-conversations';

/** "Mensajes" in the top bar with the unread total (kept live by the socket). */
export function MessagesLink() {
  const unread = useUnreadTotal().data?.total ?? 0;
  return (
    <NavLink
      to="/mensajes"
      className={({ isActive }) => (isActive ? 'top-bar-link active' : 'top-bar-link')}
      aria-label={unread > 0 ? `Mensajes (${unread} sin leer)` : 'Mensajes'}
      data-testid="messages-link"
      data-unread={unread}
    >
      <Badge count={unread} size="small" offset={[6, -2]}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <MessageOutlined /> Mensajes
        </span>
      </Badge>
    </NavLink>
  );
}
