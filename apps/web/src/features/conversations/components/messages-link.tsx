import { MessageOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { NavLink } from 'react-router-dom';
import { useUnreadTotal } from '../api/get-conversations';

/**
 * "Mensajes" in the top bar with the unread total (kept live by the socket). Named by its content ("Mensajes 3 sin
 * leer"), so the number heard is the badge's as shown.
 */
export function MessagesLink() {
  const unread = useUnreadTotal().data?.total ?? 0;
  return (
    <NavLink
      to="/mensajes"
      className={({ isActive }) => (isActive ? 'top-bar-link active' : 'top-bar-link')}
      data-testid="messages-link"
      data-unread={unread}
      style={{ position: 'relative' }}
    >
      <Badge count={unread} size="small" offset={[6, -2]}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <MessageOutlined aria-hidden /> Mensajes
        </span>
      </Badge>
      {unread > 0 && <span className="visually-hidden"> sin leer</span>}
    </NavLink>
  );
}
