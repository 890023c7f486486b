import type { JobRequestView } from '@oficios/domain';
import { Flex, Image } from 'antd';
import { Typography } from '../../../shared/ui/typography';

interface JobRequestSummaryProps {
  request: JobRequestView;
  /** Its heading: the professional reads "Pedido del cliente"; none where a panel already names it (the client's history). */
  title?: string | null;
}

/**
 * What the client wrote about the job when booking, and its photos (thumbnails opening the photo): as the professional
 * reads it before answering, and as the client finds it again in the history.
 */
export function JobRequestSummary({ request, title = 'Pedido del cliente' }: JobRequestSummaryProps) {
  return (
    <Flex vertical gap={4} data-testid="job-request-summary" style={{ margin: '6px 0' }}>
      {title && <Typography.Text strong>{title}</Typography.Text>}
      {request.text && (
        <Typography.Paragraph
          data-testid="job-request-summary-text"
          style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {request.text}
        </Typography.Paragraph>
      )}
      {request.images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={6}>
            {request.images.map((image, index) => (
              <Image
                key={image.id}
                src={image.thumbUrl}
                preview={{ src: image.url }}
                width={72}
                height={72}
                alt={`Foto ${index + 1} del pedido`}
                data-testid="job-request-summary-photo"
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Flex>
  );
}
