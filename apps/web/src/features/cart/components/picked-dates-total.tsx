import { dateLabel, formatMoney, type Cents, type IsoDate } from '@oficios/domain';
import { Flex } from 'antd';
import { useCallback, useState } from 'react';
import type { CartItem } from '../atoms/cart.atom';
import { Typography } from '../../../shared/ui/typography';

/** A count of days and what they cost: "3 días · $ 60.000". */
export const daysAndPrice = (quantity: number, priceCents: Cents): string =>
  `${quantity} ${quantity === 1 ? 'día' : 'días'} · ${formatMoney(priceCents)}`;

/**
 * The last date picked in a date picker, to confirm it once it is really in the cart (a signed-in client's cart is
 * the server's: the confirmation waits for its answer, and a refused date is never confirmed).
 */
export function usePickedDate(): [IsoDate | null, (date: IsoDate | null) => void] {
  const [picked, setPicked] = useState<IsoDate | null>(null);
  return [picked, useCallback((date: IsoDate | null) => setPicked(date), [])];
}

interface PickedDatesTotalProps {
  item: CartItem | undefined;
  priceCents: Cents;
  picked: IsoDate | null;
  /** False where the running total is already shown (the side panel's "Total de dias" and price). */
  withTotal?: boolean;
}

/** Under a date picker: the running total of the professional's chosen days and the confirmation of the date just added. */
export function PickedDatesTotal({ item, priceCents, picked, withTotal = true }: PickedDatesTotalProps) {
  const quantity = item?.dates.length ?? 0;
  const added = picked !== null && item?.dates.includes(picked);
  return (
    <Flex vertical gap={2}>
      {withTotal && quantity > 0 && (
        <Typography.Text strong data-testid="picked-total">
          {daysAndPrice(quantity, priceCents)}
        </Typography.Text>
      )}
      <div role="status" aria-live="polite" data-testid="picked-confirmation">
        {added && (
          <Typography.Text type="success">
            Agregaste el {dateLabel(picked)} al carrito: {daysAndPrice(quantity, priceCents)} en total.
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}
