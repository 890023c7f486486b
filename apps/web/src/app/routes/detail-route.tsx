import { BookDatesCard } from '../../features/cart/components/book-dates-card';
import { ConsultButton } from '../../features/conversations/components/consult-button';
import { DetailPage } from '../../features/detail/components/detail-page';

/** The app composes features: the detail page books through the cart's date picker and asks through a conversation. */
export function DetailRoute() {
  return (
    <DetailPage
      booking={(professional) => <BookDatesCard professional={professional} />}
      contact={(professional) => <ConsultButton professionalId={professional.id} />}
    />
  );
}
