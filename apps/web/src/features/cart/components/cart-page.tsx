import { formatMoney } from '@oficios/domain';
import { InfoCircleFilled } from '@ant-design/icons';
import { Button, Empty, Flex, Grid, message, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useStore } from 'jotai';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { useSession } from '../../../shared/api/get-session';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { useClearServerCart } from '../api/clear-cart';
import { clearCartAtom, type CartItem } from '../atoms/cart.atom';
import { checkoutAtom } from '../atoms/checkout.atom';
import { useCart } from '../hooks/use-cart';
import { DAYS_REQUIRED_MESSAGE, useCartActions } from '../hooks/use-cart-actions';
import { useOrderSummary } from '../hooks/use-order-summary';
import { CartItemCard } from './cart-item-card';
import { DayChips } from './day-chips';
import { BookingDatePicker } from './date-picker';
import { OrderSummaryModal } from './order-summary-modal';
import { RemoveItemButton } from './remove-item-button';
import { BRAND } from '../../../shared/ui/theme';
import { Typography } from '../../../shared/ui/typography';
import { CartJobRequests } from './cart-job-requests';
import { CartPlace, OutsideAreaWarning } from './cart-place';

export const LOGIN_REQUIRED_TITLE = 'Hola!';
export const LOGIN_REQUIRED_MESSAGE = 'Para poder realizar el siguiente paso debes iniciar sesion, o registrarte';
export const LOGIN_REQUIRED_HINT = 'Usa el boton "Iniciar Sesion" o "Regístrate" arriba a la derecha.';
export const CLIENTS_ONLY_MESSAGE = 'Solo los clientes pueden realizar compras.';

/**
 * Leaving the cart page. The spec clears local storage here; taken literally that would
 * throw away a visitor's cart each time they go back to the listing, so the cart is only
 * dropped once its purchase reached payment (a link was requested): it has become an
 * order, and keeping it would offer to book the same days again (a signed-in client's
 * cart is the server's: it is emptied there). Leaving to pay ('Pagar') unloads the page;
 * that button empties the cart itself.
 */
function useLeaveCartPage(signedIn: boolean) {
  const store = useStore();
  const { mutate: clearServerCart } = useClearServerCart();
  useEffect(
    () => () => {
      if (store.get(checkoutAtom)?.url) {
        store.set(clearCartAtom);
        if (signedIn) clearServerCart();
      }
      store.set(checkoutAtom, null);
    },
    [clearServerCart, signedIn, store],
  );
}

/**
 * /cart: the cart as a table (days, price, delete), on a phone (under 576 px) one card per professional with the same
 * information; its total and the way on to the order summary.
 */
export function CartPage() {
  const {
    items,
    price: { lines: prices, totalCents },
    client,
    server,
  } = useCart();
  const missingDays = items.some((item) => item.days.length === 0);
  const session = useSession();
  const { addDate, removeDate, deleteItem, refuse, contextHolder } = useCartActions();
  const [toast, toastHolder] = message.useMessage();
  const [askLogin, setAskLogin] = useState(false);
  const orderSummary = useOrderSummary();
  const policyText = useBookingSettings().data?.policyText;
  // False only in the build's render (build/prerender-pages.ts): the page's frame paints from the HTML, and its content,
  // which only this browser knows (its cart, its session), waits for the app instead of showing an empty cart.
  const inBrowser = useHydrated();
  // The cart's content renders only in the browser (above), so choosing the layout by the screen's width moves nothing.
  const phone = Grid.useBreakpoint().xs === true;
  useLeaveCartPage(client !== null);

  // Spec: only a signed-in client (whose cart is the server's) starts the order summary.
  const summary = () => {
    if (session.isPending || orderSummary.isPending) return;
    if (!session.data) setAskLogin(true);
    else if (!client) void toast.warning(CLIENTS_ONLY_MESSAGE);
    else if (missingDays) refuse(DAYS_REQUIRED_MESSAGE);
    else if (outside.length > 0) refuse(outside.map((refusal) => refusal.message).join('. '));
    else orderSummary.mutate(server?.id ?? client.cartId);
  };

  const priceOf = (item: CartItem) => prices.find((price) => price.professionalId === item.professional.id);
  // The server's word on each line's reach of the cart's place (a visitor's cart has no place yet).
  const outsideOf = (item: CartItem) => server?.details.find((line) => line.professionalId === item.professional.id)?.outsideArea ?? null;
  const outside = items.map(outsideOf).filter((refusal) => refusal !== null);
  const columns: TableColumnsType<CartItem> = [
    {
      key: 'name',
      title: 'Nombre y apellido',
      render: (_, item) => {
        const refusal = outsideOf(item);
        return (
          <>
            {`${item.professional.firstName} ${item.professional.lastName}`}
            {refusal && <OutsideAreaWarning message={refusal.message} />}
          </>
        );
      },
    },
    {
      key: 'professions',
      title: 'Profesiones',
      render: (_, item) => item.professional.professions.map((profession) => profession.name).join(', '),
    },
    {
      key: 'available',
      title: 'Dias disponibles',
      render: (_, item) => <BookingDatePicker professional={item.professional} onPick={(date) => addDate(item, date)} />,
    },
    {
      key: 'days',
      title: 'Dias elegidos',
      render: (_, item) => <DayChips item={item} onRemoveDate={(date) => removeDate(item, date)} />,
    },
    {
      key: 'quantity',
      title: 'Cantidad de dias',
      align: 'center',
      render: (_, item) => <span data-testid="cart-row-quantity">{priceOf(item)?.quantity ?? 0}</span>,
    },
    {
      key: 'price',
      title: 'Precio',
      align: 'right',
      render: (_, item) => <span data-testid="cart-row-price">{formatMoney(priceOf(item)?.priceCents ?? 0)}</span>,
    },
    {
      key: 'delete',
      title: 'Eliminar',
      align: 'center',
      render: (_, item) => <RemoveItemButton item={item} onRemove={deleteItem} testId="cart-row-delete" />,
    },
  ];

  return (
    <section data-testid="cart-page">
      {contextHolder}
      {toastHolder}
      <Typography.Title level={2}>Carrito</Typography.Title>
      {!inBrowser ? (
        <div role="status" aria-label="Cargando..." data-testid="cart-loading" className="cart-loading" />
      ) : items.length === 0 ? (
        <Empty description="Tu carrito esta vacio" data-testid="cart-empty">
          <Link to="/home">Ver profesionales</Link>
        </Empty>
      ) : (
        <Flex vertical gap={16}>
          {phone ? (
            <Flex vertical gap={12} data-testid="cart-cards">
              {items.map((item) => (
                <CartItemCard
                  key={item.professional.id}
                  item={item}
                  warning={outsideOf(item)?.message ?? null}
                  price={priceOf(item)}
                  onAddDate={addDate}
                  onRemoveDate={removeDate}
                  onDelete={deleteItem}
                />
              ))}
            </Flex>
          ) : (
            <Table<CartItem>
              rowKey={(item) => item.professional.id}
              columns={columns}
              dataSource={items}
              pagination={false}
              scroll={{ x: 'max-content' }}
              onRow={(item) => ({ 'data-testid': 'cart-row', 'data-professional-id': item.professional.id }) as HTMLAttributes<HTMLElement>}
            />
          )}
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Space>
              <Typography.Text strong>Costo Total</Typography.Text>
              <Tag color="green" style={{ fontSize: 16, padding: '4px 10px' }} data-testid="cart-total">
                {formatMoney(totalCents)}
              </Tag>
            </Space>
            <Button type="primary" size="large" onClick={summary} loading={orderSummary.isPending} data-testid="cart-summary">
              Resumen de la compra
            </Button>
          </Flex>
          {server && <CartPlace key={`${server.place?.locality.id}-${server.place?.street}`} cart={server} />}
          <CartJobRequests items={items} />
          {policyText && (
            <Typography.Text type="secondary" data-testid="cart-policy">
              Política de cancelación: {policyText}
            </Typography.Text>
          )}
        </Flex>
      )}
      <Modal
        open={askLogin}
        onCancel={() => setAskLogin(false)}
        destroyOnHidden
        width={420}
        title={
          <span>
            <InfoCircleFilled style={{ color: BRAND.primary, marginInlineEnd: 8 }} />
            {LOGIN_REQUIRED_TITLE}
          </span>
        }
        footer={
          <Button type="primary" onClick={() => setAskLogin(false)} data-testid="login-required-ok">
            Entendido
          </Button>
        }
        data-testid="login-required-modal"
      >
        <p>{LOGIN_REQUIRED_MESSAGE}</p>
        <Typography.Text type="secondary">{LOGIN_REQUIRED_HINT}</Typography.Text>
      </Modal>
      <OrderSummaryModal client={client} />
    </section>
  );
}
