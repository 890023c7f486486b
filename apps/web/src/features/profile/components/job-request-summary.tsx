import type { JobRequestView } from '@oficios/domain';
import { Flex, Image } from 'antd';
import { Typography } from '../../../shared/ui/typography';

/** What the client wrote about the job when booking, and its photos, as the professional reads it before answering. */
export function JobRequestSummary({ request }: { request: JobRequestView }) {
  return (
    <Flex vertical gap={4} data-testid="job-request-summary" style={{ margin: '6px 0' }}>
      <Typography.Text strong>Pedido del cliente</Typography.Text>
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
