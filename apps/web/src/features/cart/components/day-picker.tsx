import { Select } from 'antd';
import type { CartItem } from '../atoms/cart.atom';

/** Select of the professional's available days; picking one asks to add it (the picker itself keeps no value). */
export function DayPicker({ item, onPick }: { item: CartItem; onPick: (day: string) => void }) {
  const name = `${item.professional.firstName} ${item.professional.lastName}`;
  return (
    <Select<string>
      value={null}
      placeholder="Elegir dia"
      aria-label={`Dias disponibles de ${name}`}
      options={item.professional.availableDays.map((day) => ({ value: day, label: day }))}
      onChange={(day) => onPick(day)}
      style={{ minWidth: 150 }}
      data-testid="cart-day-select"
    />
  );
}
