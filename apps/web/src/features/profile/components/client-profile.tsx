import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, message } from 'antd';
import { useState, type ReactNode } from 'react';
import type { HistoryLine } from '@oficios/domain';
import { useSession } from '../../../shared/api/get-session';
import { ClientBookingActions } from './client-booking-actions';
import { EditClientModal } from './edit-client-modal';
import { PaymentReturnNotice } from './payment-return-notice';
import { ProfileCard, type ProfilePerson } from './profile-card';
import { PurchaseHistory } from './purchase-history';
import { ReviewButton } from './review-button';
import { ReviewModal } from './review-modal';
import { UnpaidOrderActions } from './unpaid-order-actions';

/** The first booking of each order still waiting for its payment: where that order's "Pagar" goes. */
function firstLinesOfUnpaidOrders(history: HistoryLine[]): Set<number> {
  const seen = new Map<number, number>();
  for (const line of history) if (line.status === 'creada' && !seen.has(line.orderId)) seen.set(line.orderId, line.id);
  return new Set(seen.values());
}

interface ClientProfileProps {
  client: ProfilePerson & { id: number };
  history: HistoryLine[];
  /** What opens a booking's conversation ("Ver conversación"), composed by the app; the client's own bookings only. */
  conversationLink?: (booking: HistoryLine) => ReactNode;
}

/** The client profile: contact data, "Editar Perfil" and "Historial de Compras" with "Deja una Reseña" on each booking. */
export function ClientProfile({ client, history, conversationLink }: ClientProfileProps) {
  const [editing, setEditing] = useState(false);
  const [reviewing, setReviewing] = useState<{ booking: HistoryLine | null; open: boolean }>({ booking: null, open: false });
  const [messages, contextHolder] = message.useMessage();
  // Reviews are sent as the signed-in client: an administrator looking at someone's history gets no buttons.
  const user = useSession().data?.dataValues;
  const canReview = user?.type === 'cliente' && user.id === client.id;

  const onSaved = (saved: boolean) => {
    setEditing(false);
    if (saved) void messages.success('Perfil actualizado con éxito');
    else void messages.info('No modificaste ningún dato');
  };

  const unpaidOrderLines = firstLinesOfUnpaidOrders(history);
  const liveStatusOf = (orderId: number) => history.find((line) => line.orderId === orderId)?.status;

  const closeReview = () => setReviewing((r) => ({ ...r, open: false }));
  const onReviewed = () => {
    closeReview();
    void messages.success('Gracias por tu reseña');
  };

  return (
    <Flex vertical gap="large" data-testid="client-profile">
      {contextHolder}
      {canReview && <PaymentReturnNotice liveStatusOf={liveStatusOf} />}
      <ProfileCard person={client}>
        <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-profile-button">
          Editar Perfil
        </Button>
      </ProfileCard>
      <PurchaseHistory
        bookings={history}
        bookingActions={
          canReview
            ? (booking) => (
                <>
                  {unpaidOrderLines.has(booking.id) && <UnpaidOrderActions orderId={booking.orderId} clientId={client.id} />}
                  <ReviewButton booking={booking} onReview={() => setReviewing({ booking, open: true })} />
                  <ClientBookingActions booking={booking} />
                  {conversationLink?.(booking)}
                </>
              )
            : undefined
        }
      />
      <EditClientModal open={editing} onClose={() => setEditing(false)} clientId={client.id} current={client} onSaved={onSaved} />
      {canReview && <ReviewModal {...reviewing} clientId={client.id} onClose={closeReview} onSaved={onReviewed} />}
    </Flex>
  );
}
