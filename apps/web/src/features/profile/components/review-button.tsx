import { EditOutlined, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { dateLabel, type HistoryLine } from '@oficios/domain';
import { isReviewable } from '../api/create-review';
import { Typography } from '../../../shared/ui/typography';

/**
 * When a booking that cannot be reviewed yet will be (reviews open once the work is done); null when it never will
 * (declined, expired, cancelled, refunded), so nothing is offered at all.
 */
export function reviewLater(booking: Pick<HistoryLine, 'lineStatus' | 'dates'>): string | null {
  const lastDate = booking.dates.at(-1);
  const afterWork = lastDate ? `cuando el trabajo esté realizado (después del ${dateLabel(lastDate)})` : 'cuando el trabajo esté realizado';
  if (booking.lineStatus === 'awaiting_payment') return `Podrás dejar una reseña una vez pagada la reserva, ${afterWork}.`;
  if (booking.lineStatus === 'awaiting_professional' || booking.lineStatus === 'confirmed') return `Podrás dejar una reseña ${afterWork}.`;
  return null;
}

/**
 * "Deja una Reseña" ("Editar Reseña" once the booking has a review) at the end of a history booking, only where a
 * review is possible; before that, a short line saying when it will be.
 */
export function ReviewButton({ booking, onReview }: { booking: HistoryLine; onReview: (booking: HistoryLine) => void }) {
  if (!isReviewable(booking)) {
    const later = reviewLater(booking);
    return later ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="review-later">
        {later}
      </Typography.Text>
    ) : null;
  }
  const reviewed = Boolean(booking.review);
  return (
    <Button
      type={reviewed ? 'default' : 'primary'}
      icon={reviewed ? <EditOutlined /> : <StarOutlined />}
      onClick={() => onReview(booking)}
      data-testid="review-button"
      data-reviewed={reviewed}
    >
      {reviewed ? 'Editar Reseña' : 'Deja una Reseña'}
    </Button>
  );
}
