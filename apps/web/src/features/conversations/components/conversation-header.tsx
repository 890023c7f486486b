import type { ConversationView } from '@oficios/domain';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { BookedDates } from '../../../shared/ui/booked-dates';
import { BookingStatusTag } from '../../../shared/ui/booking-status-tag';
import { fullName, otherPerson, type BookingSummary } from '../lib/participants';
import type { ReactNode } from 'react';
import { Typography } from '../../../shared/ui/typography';

interface ConversationHeaderProps {
  conversation: ConversationView;
  viewerId: number;
  /** The booking of a booking's thread, as the viewer's profile has it (its dates). */
  booking: BookingSummary | null;
  /** The header's actions ("Reportar conversación"). */
  actions?: ReactNode;
}

/** Who the conversation is with and, for a booking's thread, which order and booking, and its dates. */
export function ConversationHeader({ conversation, viewerId, booking, actions }: ConversationHeaderProps) {
  const other = otherPerson(conversation, viewerId);
  const name = fullName(other);
  const withProfessional = other.id === conversation.professional.id;
  return (
    <Flex justify="space-between" align="center" wrap gap="middle" data-testid="conversation-header">
      <Flex align="center" gap="middle">
        <AvatarImage path={other.profileImg} alt={`Foto de ${name}`} style={{ width: 48, height: 48, borderRadius: '50%' }} />
        <Flex vertical gap={2}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="conversation-other">
            {withProfessional ? <Link to={`/detail/${other.id}`}>{name}</Link> : name}
          </Typography.Title>
          {conversation.lineId !== null ? (
            <Flex wrap gap={6} align="center" data-testid="conversation-booking" data-line-id={conversation.lineId}>
              <Typography.Text type="secondary">
                {conversation.orderId !== null && `Orden #${conversation.orderId} · `}Reserva #{conversation.lineId}
              </Typography.Text>
              {booking && <BookedDates dates={booking.dates} testId="conversation-date" />}
              {booking && <BookingStatusTag status={booking.lineStatus} testId="conversation-line-status" />}
            </Flex>
          ) : (
            <Typography.Text type="secondary">Consulta antes de reservar</Typography.Text>
          )}
          {conversation.reported && (
            <span>
              <Tag color="orange" data-testid="conversation-reported">
                Reportada
              </Tag>
            </span>
          )}
        </Flex>
      </Flex>
      {actions}
    </Flex>
  );
}
