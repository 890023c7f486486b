import { formatMoney, type CartPriceLine, type IsoDate } from '@oficios/domain';
import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import type { CartItem } from '../atoms/cart.atom';
import { BookingDatePicker } from './date-picker';
import { DayChips } from './day-chips';
import { RemoveItemButton } from './remove-item-button';
import { OutsideAreaWarning } from './cart-place';
import { Typography } from '../../../shared/ui/typography';

interface CartItemCardProps {
  item: CartItem;
  price: CartPriceLine | undefined;
  onAddDate: (item: CartItem, date: IsoDate) => void;
  onRemoveDate: (item: CartItem, date: IsoDate) => void;
  onDelete: (item: CartItem) => void;
  /** Why the checkout would refuse this professional (the cart's place is outside their area), if it would. */
  warning?: string | null;
  /** More about the item, at the card's end (what the client asks of the professional, when there is). */
  children?: ReactNode;
}

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex vertical gap={4}>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {label}
    </Typography.Text>
    {children}
  </Flex>
);

/**
 * A professional of /cart on a phone: everything its table row shows (name and surname, professions, the dates to
 * choose from, the chosen ones, how many days, the price and the delete button), one below the other.
 */
export function CartItemCard({ item, price, onAddDate, onRemoveDate, onDelete, warning, children }: CartItemCardProps) {
  const name = `${item.professional.firstName} ${item.professional.lastName}`;
  return (
    <Card
      size="small"
      title={<span data-testid="cart-card-name">{name}</span>}
      extra={<RemoveItemButton item={item} onRemove={onDelete} testId="cart-card-delete" />}
      data-testid="cart-card"
      data-professional-id={item.professional.id}
    >
      <Flex vertical gap={12}>
        {warning && <OutsideAreaWarning message={warning} />}
        <Typography.Text data-testid="cart-card-professions">
          {item.professional.professions.map((profession) => profession.name).join(', ')}
        </Typography.Text>
        <Field label="Dias disponibles">
          <BookingDatePicker professional={item.professional} onPick={(date) => onAddDate(item, date)} />
        </Field>
        <Field label="Dias elegidos">
          <DayChips item={item} onRemoveDate={(date) => onRemoveDate(item, date)} />
        </Field>
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text>
            Cantidad de dias: <span data-testid="cart-card-quantity">{price?.quantity ?? 0}</span>
          </Typography.Text>
          <Typography.Text strong>
            Precio: <span data-testid="cart-card-price">{formatMoney(price?.priceCents ?? 0)}</span>
          </Typography.Text>
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
