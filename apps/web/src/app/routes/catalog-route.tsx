import { CartPanelHost } from '../../features/cart/components/cart-panel-host';
import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';
import { CatalogPage } from '../../features/catalog/components/catalog-page';

/** The app composes features: the listing's "Reservar" feeds the cart and opens its side panel. */
export function CatalogRoute() {
  const { addToCart, contextHolder } = useAddToCart();
  return (
    <>
      {contextHolder}
      <CatalogPage onReserve={addToCart} />
      <CartPanelHost />
    </>
  );
}
