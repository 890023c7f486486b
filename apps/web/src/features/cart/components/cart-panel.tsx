import { formatMoney } from '@oficios/domain';
import { Button, Card, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { useCart, useCartPanelOpen } from '../hooks/use-cart';
import { DAYS_REQUIRED_MESSAGE, useCartActions } from '../hooks/use-cart-actions';
import { DayChips } from './day-chips';
import { JobRequestField } from './job-request-field';
import { BookingDatePicker } from './date-picker';
import { PickedDatesTotal } from './picked-dates-total';
import { RemoveItemButton } from './remove-item-button';
import { Typography } from '../../../shared/ui/typography';

export const CART_PANEL_TITLE = 'Resumen Del Carrito';

/**
 * "Resumen Del Carrito": one card per professional (days, price, delete). It refuses to
 * close while a professional has no days and closes itself once the cart is empty.
 * `onCheckout` runs on 'Realizar Compras'.
 */
export function CartPanel({ onCheckout }: { onCheckout: () => void }) {
  const [open, setOpen] = useCartPanelOpen();
  const {
    items,
    price: { lines: prices },
  } = useCart();
  const missingDays = items.some((item) => item.days.length === 0);
  const { addDate, removeDate, deleteItem, refuse, contextHolder } = useCartActions();
  // The date picked last, confirmed in its professional's card once the cart holds it.
  const [picked, setPicked] = useState<{ professionalId: number; date: string } | null>(null);

  const close = () => {
    if (missingDays) refuse(DAYS_REQUIRED_MESSAGE);
    else setOpen(false);
  };
  const checkout = () => {
    if (missingDays) refuse(DAYS_REQUIRED_MESSAGE);
    else onCheckout();
  };

  return (
    <>
      {contextHolder}
      <Drawer
        open={open}
        onClose={close}
        title={CART_PANEL_TITLE}
        placement="right"
        destroyOnHidden
        data-testid="cart-panel"
        footer={
          <Button type="primary" block onClick={checkout} data-testid="cart-checkout">
            Realizar Compras
          </Button>
        }
      >
        <Flex vertical gap={12}>
          {items.map((item, index) => {
            const price = prices[index];
            return (
              <Card
                key={item.professional.id}
                size="small"
                title={`${item.professional.firstName} ${item.professional.lastName}`}
                extra={<RemoveItemButton item={item} onRemove={deleteItem} testId="cart-item-delete" />}
                data-testid="cart-panel-item"
                data-professional-id={item.professional.id}
              >
                <Flex vertical gap={8}>
                  <BookingDatePicker
                    professional={item.professional}
                    onPick={(date) => {
                      setPicked(item.dates.includes(date) ? null : { professionalId: item.professional.id, date });
                      addDate(item, date);
                    }}
                  />
                  <DayChips item={item} onRemoveDate={(date) => removeDate(item, date)} />
                  <PickedDatesTotal
                    item={item}
                    priceCents={price?.priceCents ?? 0}
                    picked={picked?.professionalId === item.professional.id ? picked.date : null}
                    withTotal={false}
                  />
                  <Flex justify="space-between">
                    <Typography.Text data-testid="cart-total-days">Total de dias: {price?.quantity ?? 0}</Typography.Text>
                    <Typography.Text strong data-testid="cart-item-price">
                      {formatMoney(price?.priceCents ?? 0)}
                    </Typography.Text>
                  </Flex>
                  <JobRequestField key={item.idDb ?? 'visitor'} detailId={item.idDb} request={item.jobRequest} />
                </Flex>
              </Card>
            );
          })}
        </Flex>
      </Drawer>
    </>
  );
}
