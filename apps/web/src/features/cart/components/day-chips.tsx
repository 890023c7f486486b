import { dateLabel, weekdayOf, type IsoDate } from '@oficios/domain';
import { Space, Tag } from 'antd';
import type { CartItem } from '../atoms/cart.atom';
import { undatedDays } from '../lib/cart-dates';

/**
 * The chosen dates as closable chips ("lunes 7 dic": the spec's day label plus the date); closing one removes it.
 * Days chosen before dates existed still show, by their weekday name.
 */
export function DayChips({
  item,
  onRemoveDate,
  onRemoveDay,
}: {
  item: CartItem;
  onRemoveDate: (date: IsoDate) => void;
  onRemoveDay: (day: string) => void;
}) {
  const undated = undatedDays(item);
  if (item.dates.length === 0 && undated.length === 0) return <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>Sin dias elegidos</span>;
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
      {undated.map((day, index) => (
        <Tag
          key={`${day}-${index}`}
          closable
          onClose={(event) => {
            event.preventDefault();
            onRemoveDay(day);
          }}
          title="Elegido antes de que hubiera fechas: se reserva la próxima fecha libre de ese día"
          data-testid="cart-day-chip"
          data-day={day}
        >
          {day}
        </Tag>
      ))}
    </Space>
  );
}
