import { Badge, Collapse, Flex, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, kmText, localityLabel, orderDateLabel, pesosToCents, type HistoryLine } from '@oficios/domain';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { BookedDates, labelOf } from '../../../shared/ui/booked-dates';
import { BookingStatusTag } from '../../../shared/ui/booking-status-tag';
import { JobRequestSummary } from './job-request-summary';
import { ProfileListCard } from './profile-list-card';
import { RefundLines } from './refund-lines';
import { BRAND } from '../../../shared/ui/theme';
import { Typography } from '../../../shared/ui/typography';

const DISPUTE_RESOLUTION_LABELS = { none: 'sin devolución', partial: 'devolución parcial', full: 'devolución total' } as const;

interface HistoryBookingProps {
  booking: HistoryLine;
  /** Room at the end of the booking for its actions (the client profile puts "Deja una Reseña" here). */
  action?: ReactNode;
}

export function HistoryBooking({ booking, action }: HistoryBookingProps) {
  const name = booking.professional
    ? `${booking.professional.firstName} ${booking.professional.lastName}`
    : `Profesional #${booking.professionalId}`;
  // The badge counts the booked days; its tooltip names them ("lunes 7 dic").
  const days = booking.dates.map(labelOf);
  const policyText = useBookingSettings().data?.policyText;
  return (
    <li
      data-testid="history-line"
      data-order-id={booking.orderId}
      data-status={booking.status}
      data-line-status={booking.lineStatus}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Flex wrap gap="middle" align="center" justify="space-between">
        <Link to={`/detail/${booking.professionalId}`} data-testid="history-professional">
          {name}
        </Link>
        <Typography.Text strong data-testid="history-amount" data-amount={booking.reservationAmount}>
          {formatMoney(pesosToCents(booking.reservationAmount))}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="history-date">
          {orderDateLabel(booking.createdAt)}
        </Typography.Text>
        <Tooltip title={days.join(', ')}>
          <span data-testid="history-days" data-count={days.length} aria-label={`${days.length} días reservados: ${days.join(', ')}`}>
            <Badge count={days.length} showZero color={BRAND.primary} />
          </span>
        </Tooltip>
        {/* Not in the spec's history: one status, the booking's own (its order's may say otherwise for its other bookings). */}
        <BookingStatusTag status={booking.lineStatus} testId="history-line-status" cancellationReason={booking.cancellationReason} />
        {action}
      </Flex>
      <Flex vertical gap={2} style={{ marginTop: 6 }}>
        <span data-testid="history-dates">
          <BookedDates dates={booking.dates} testId="history-booked-date" />
        </span>
        {booking.place && (
          // Where the job is, as the order kept it (and how far it was from the professional's base when booked).
          <Typography.Text type="secondary" data-testid="history-place">
            Lugar del trabajo: {booking.place.street}, {localityLabel(booking.place.locality)}
            {booking.distanceKm != null && ` · a ${kmText(booking.distanceKm)} km`}
          </Typography.Text>
        )}
        {booking.jobRequest && (booking.jobRequest.text !== '' || booking.jobRequest.images.length > 0) && (
          <HistoryJobRequest request={booking.jobRequest} />
        )}
        {booking.declineReason && (
          <Typography.Text type="secondary" data-testid="history-decline-reason">
            Motivo del profesional: {booking.declineReason}
          </Typography.Text>
        )}
        <RefundLines booking={booking} />
        {booking.dispute && (
          <Typography.Text type="secondary" data-testid="history-dispute" data-status={booking.dispute.status}>
            Reclamo {booking.dispute.status === 'open' ? 'abierto' : 'resuelto'}: {booking.dispute.reason}
            {booking.dispute.professionalAnswer && ` · Respuesta del profesional: ${booking.dispute.professionalAnswer}`}
            {booking.dispute.resolution && ` · Resolución: ${DISPUTE_RESOLUTION_LABELS[booking.dispute.resolution]}`}
            {booking.dispute.adminNote && ` (${booking.dispute.adminNote})`}
          </Typography.Text>
        )}
        {policyText && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="history-policy">
            {policyText}
          </Typography.Text>
        )}
      </Flex>
    </li>
  );
}

/** The request the client sent with the booking, folded: "Tu pedido" with its first words, opening to all of it. */
function HistoryJobRequest({ request }: { request: NonNullable<HistoryLine['jobRequest']> }) {
  const [open, setOpen] = useState(false);
  const photos = request.images.length === 1 ? '1 foto' : `${request.images.length} fotos`;
  return (
    <Collapse
      size="small"
      ghost
      data-testid="history-job-request"
      activeKey={open ? ['request'] : []}
      // The title may shrink below its text, so the first words end in "…" instead of widening the list.
      styles={{ title: { minWidth: 0 } }}
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[
        {
          key: 'request',
          label: (
            <Flex gap={6} style={{ minWidth: 0 }}>
              <Typography.Text strong style={{ flexShrink: 0 }}>
                Tu pedido
              </Typography.Text>
              {/* Its first words while folded; open, the whole text says it. */}
              {!open && (
                <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0 }} data-testid="history-job-request-glimpse">
                  {request.text !== '' ? request.text : photos}
                </Typography.Text>
              )}
            </Flex>
          ),
          children: <JobRequestSummary request={request} title={null} />,
        },
      ]}
    />
  );
}

interface PurchaseHistoryProps {
  bookings: HistoryLine[];
  /** What goes at the end of each booking: the client profile passes its "Deja una Reseña" button. */
  bookingActions?: (booking: HistoryLine) => ReactNode;
}

/** "Historial de Compras": one booking per booked professional, scrolling past 50rem. */
export function PurchaseHistory({ bookings, bookingActions }: PurchaseHistoryProps) {
  return (
    <ProfileListCard
      title="Historial de Compras"
      testId="purchase-history"
      empty="Todavía no compraste ningún servicio. ¡Busca un profesional y haz tu primera reserva!"
      items={bookings}
    >
      {(booking) => <HistoryBooking key={booking.id} booking={booking} action={bookingActions?.(booking)} />}
    </ProfileListCard>
  );
}
