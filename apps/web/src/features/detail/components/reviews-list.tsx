import type { Review } from '@oficios/domain';
import { Avatar, Empty, Flex, Rate, Typography } from 'antd';
import { assetUrl } from '../../../shared/lib/asset-url';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';

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
          <li key={review.id} data-testid="review" style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
            <Flex gap={12} align="flex-start">
              <Avatar size={48} src={assetUrl(review.client.profileImg)} alt={`Foto de ${review.client.firstName}`} />
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong data-testid="review-author">
                  {review.client.firstName}
                </Typography.Text>
                <span data-testid="review-rating" data-rating={review.rating} aria-label={`${review.rating} de 5 estrellas`}>
                  <Rate disabled value={review.rating} style={{ fontSize: 14 }} />
                </span>
                <Typography.Paragraph style={{ margin: 0 }} data-testid="review-comment">
                  {review.comment}
                </Typography.Paragraph>
              </Flex>
            </Flex>
          </li>
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
