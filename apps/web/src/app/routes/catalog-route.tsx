import { CatalogPage } from '../../features/catalog/components/catalog-page';
import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';

/** The app composes features: the listing's "Reservar" feeds the cart. */
export function CatalogRoute() {
  const addToCart = useAddToCart();
  return <CatalogPage onReserve={addToCart} />;
}
