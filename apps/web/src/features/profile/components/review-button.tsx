import { EditOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { HistoryLine } from '@oficios/domain';
import { isReviewable } from '../api/create-review';

export const NOT_DONE_YET = 'Podras dejar una reseña cuando el trabajo este realizado';

/**
 * "Deja una Reseña" ("Editar Reseña" once the booking has a review) at the end of a history booking.
 * Until the work is done (reviews open only then) it is disabled, with a tooltip saying why.
 */
export function ReviewButton({ booking, onReview }: { booking: HistoryLine; onReview: (booking: HistoryLine) => void }) {
  const reviewed = Boolean(booking.review);
  const label = reviewed ? 'Editar Reseña' : 'Deja una Reseña';
  if (!isReviewable(booking)) {
    return (
      <Tooltip title={NOT_DONE_YET}>
        {/* A disabled button fires no mouse events: the wrapper carries the tooltip. */}
        <span data-testid="review-button-wrapper" style={{ display: 'inline-block', cursor: 'not-allowed' }} tabIndex={0}>
          <Button icon={<StarOutlined />} disabled data-testid="review-button" style={{ pointerEvents: 'none' }}>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      type={reviewed ? 'default' : 'primary'}
      icon={reviewed ? <EditOutlined /> : <StarOutlined />}
      onClick={() => onReview(booking)}
      data-testid="review-button"
      data-reviewed={reviewed}
    >
      {label}
    </Button>
  );
}
