import { Card, Collapse } from 'antd';
import type { CartItem } from '../atoms/cart.atom';
import { JobRequestField } from './job-request-field';

/**
 * The cart page's job requests: one panel per professional ("Pedido para …") with its description and photos, open
 * while nothing is written yet, so the client who came straight to the cart is asked too. Visitors are asked to sign in.
 */
export function CartJobRequests({ items }: { items: CartItem[] }) {
  if (items.length === 0) return null;
  const signedIn = items.every((item) => item.idDb !== undefined);
  const untold = items.filter((item) => !item.jobRequest || (item.jobRequest.text === '' && item.jobRequest.images.length === 0));
  return (
    <Card size="small" title="Detalles del pedido" data-testid="cart-job-requests">
      {signedIn ? (
        <Collapse
          defaultActiveKey={untold.map((item) => item.professional.id)}
          items={items.map((item) => ({
            key: item.professional.id,
            label: `Pedido para ${item.professional.firstName} ${item.professional.lastName}`,
            children: <JobRequestField key={item.idDb} detailId={item.idDb} request={item.jobRequest} />,
          }))}
        />
      ) : (
        <JobRequestField detailId={undefined} request={undefined} />
      )}
    </Card>
  );
}
