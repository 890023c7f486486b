import { Space, Tag } from 'antd';
import type { CartItem } from '../atoms/cart.atom';

/** The chosen days as closable chips; closing one removes that day. */
export function DayChips({ item, onRemove }: { item: CartItem; onRemove: (day: string) => void }) {
  if (item.days.length === 0) return <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>Sin dias elegidos</span>;
  return (
    <Space size={[4, 4]} wrap>
      {item.days.map((day) => (
        <Tag
          key={day}
          color="blue"
          closable
          onClose={(event) => {
            event.preventDefault();
            onRemove(day);
          }}
          data-testid="cart-day-chip"
          data-day={day}
        >
          {day}
        </Tag>
      ))}
    </Space>
  );
}
