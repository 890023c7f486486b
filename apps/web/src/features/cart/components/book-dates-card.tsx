import { formatMoney, pesosToCents, type CartProfessional, type IsoDate } from '@oficios/domain';
import { Card, Flex, message } from 'antd';
import { useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/error-message';
import { useMergeCart } from '../api/merge-cart';
import { addToCartAtom } from '../atoms/cart.atom';
import { useCart } from '../hooks/use-cart';
import { useCartActions } from '../hooks/use-cart-actions';
import { BookingDatePicker } from './date-picker';
import { DayChips } from './day-chips';
import { PickedDatesTotal, usePickedDate } from './picked-dates-total';
import { Typography } from '../../../shared/ui/typography';

/**
 * The detail page's booking card: the professional's bookable dates; picking one puts the professional in the cart
 * with that date (or adds the date to its cart item), and the chosen dates show as the cart's chips.
 */
export function BookDatesCard({ professional }: { professional: CartProfessional }) {
  const { items, client, price } = useCart();
  const item = items.find((candidate) => candidate.professional.id === professional.id);
  const priceCents = price.lines.find((line) => line.professionalId === professional.id)?.priceCents ?? 0;
  const [picked, setPicked] = usePickedDate();
  const { addDate, removeDate, refuse, contextHolder } = useCartActions();
  const addToLocalCart = useSetAtom(addToCartAtom);
  const { mutate: mergeIntoServerCart } = useMergeCart();
  const [toast, toastHolder] = message.useMessage();
  const name = `${professional.firstName} ${professional.lastName}`;

  const pick = (date: IsoDate) => {
    // A date already chosen is refused (the spec's toast), not confirmed again.
    setPicked(item?.dates.includes(date) ? null : date);
    if (item) return addDate(item, date);
    const added = () => void toast.success(`${name} fue agregado a tu carrito`);
    if (client) {
      mergeIntoServerCart(
        { lines: [{ professionalId: professional.id, days: [], dates: [date] }] },
        { onSuccess: added, onError: (error) => refuse(errorMessage(error)) },
      );
    } else if (addToLocalCart(professional, date)) added();
  };

  return (
    <Card title="Reservar" data-testid="book-dates-card">
      {contextHolder}
      {toastHolder}
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">Elige las fechas en que necesitas a {name}.</Typography.Text>
        <Typography.Text data-testid="book-dates-day-price">
          Precio por día: <strong>{formatMoney(pesosToCents(professional.dayPrice))}</strong>
        </Typography.Text>
        <BookingDatePicker professional={professional} onPick={pick} />
        <PickedDatesTotal item={item} priceCents={priceCents} picked={picked} />
        {item && (
          <>
            <DayChips item={item} onRemoveDate={(date) => removeDate(item, date)} />
            <Link to="/cart" data-testid="book-dates-cart-link">
              Ver carrito
            </Link>
          </>
        )}
      </Flex>
    </Card>
  );
}
