import type { Review } from '@oficios/domain';
import { Empty } from 'antd';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { ReviewItem } from '../../../shared/ui/review-item';
import { Typography } from '../../../shared/ui/typography';

interface ReviewsListProps {
  reviews: Review[] | undefined;
  isPending: boolean;
  error: unknown;
}

/** The scrollable 'Reseñas' list: comment, reviewer name and picture, stars. */
export function ReviewsList({ reviews, isPending, error }: ReviewsListProps) {
  let body;
  if (isPending) body = <PageSpinner label="Cargando reseñas" />;
  else if (error) body = <QueryError error={error} title="No se pudieron cargar las reseñas" />;
  else if (!reviews || reviews.length === 0) body = <Empty description="Este profesional todavía no tiene reseñas" />;
  else
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="reviews-title">
      <Typography.Title level={3} id="reviews-title">
        Reseñas
      </Typography.Title>
      <div data-testid="reviews-list" style={{ maxHeight: 420, overflowY: 'auto', paddingInlineEnd: 8 }}>
        {body}
      </div>
    </section>
  );
}
