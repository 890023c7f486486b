import { dateLabel, weekdayOf, type IsoDate } from '@oficios/domain';
import { Space, Tag } from 'antd';
import type { CartItem } from '../atoms/cart.atom';
import { BRAND } from '../../../shared/ui/theme';

/** The chosen dates as closable chips ("lunes 7 dic": the spec's day label plus the date); closing one removes it. */
export function DayChips({ item, onRemoveDate }: { item: CartItem; onRemoveDate: (date: IsoDate) => void }) {
  if (item.dates.length === 0) return <span style={{ color: BRAND.mutedText }}>Sin dias elegidos</span>;
  return (
    <Space size={[4, 4]} wrap>
      {item.dates.map((date) => (
        <Tag
          key={date}
          color="blue"
          closable
          onClose={(event) => {
            event.preventDefault();
            onRemoveDate(date);
          }}
          data-testid="cart-day-chip"
          data-date={date}
          data-day={weekdayOf(date) ?? undefined}
        >
          {dateLabel(date)}
        </Tag>
      ))}
    </Space>
  );
}
