import { BookDatesCard } from '../../features/cart/components/book-dates-card';
import { DetailPage } from '../../features/detail/components/detail-page';

/** The app composes features: the detail page books through the cart's date picker. */
export function DetailRoute() {
  return <DetailPage booking={(professional) => <BookDatesCard professional={professional} />} />;
}
