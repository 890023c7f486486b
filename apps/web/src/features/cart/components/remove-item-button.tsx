import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { CartItem } from '../atoms/cart.atom';

/** The trash button of a cart item, in the side panel and on /cart alike. */
export function RemoveItemButton({ item, onRemove, testId }: { item: CartItem; onRemove: (item: CartItem) => void; testId: string }) {
  return (
    <Button
      danger
      type="text"
      icon={<DeleteOutlined />}
      aria-label={`Quitar a ${item.professional.firstName} ${item.professional.lastName}`}
      onClick={() => onRemove(item)}
      data-testid={testId}
    />
  );
}
