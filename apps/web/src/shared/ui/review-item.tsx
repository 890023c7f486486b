import type { Review } from '@oficios/domain';
import { Avatar, Flex, Rate } from 'antd';
import { assetUrl } from '../lib/asset-url';
import { Typography } from './typography';

const itemStyle = { padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

/** One review as every list shows it: reviewer picture and first name, stars, comment. */
export function ReviewItem({ review, testId = 'review' }: { review: Review; testId?: string }) {
  const name = review.client?.firstName;
  return (
    <li data-testid={testId} style={itemStyle}>
      <Flex gap={12} align="flex-start">
        <Avatar size={48} src={assetUrl(review.client?.profileImg)} alt={`Foto de ${name ?? 'cliente'}`} />
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong data-testid="review-author">
            {name}
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
  );
}
