import type { MessageView } from '@oficios/domain';
import { Flex, Image } from 'antd';
import { messageTime } from '../lib/message-time';
import { BRAND } from './theme';
import { Typography } from './typography';

interface MessageBubbleProps {
  message: MessageView;
  /** The viewer wrote it: on the right, in the brand colour. */
  own: boolean;
  /** Who wrote it, above the text (the administrator's reader, where neither side is the viewer). */
  author?: string;
  /** "Visto" under it: the newest of the viewer's messages the other side has read. */
  seen?: boolean;
}

/**
 * One line of a conversation: a system line (a booking event) centred apart, or a bubble with its text, its images
 * as thumbnails that open the full image, and its time. Shared by the conversation page and the admin's reader.
 */
export function MessageBubble({ message, own, author, seen = false }: MessageBubbleProps) {
  if (message.kind === 'system') {
    return (
      <div data-testid="system-message" data-message-id={message.id} style={{ textAlign: 'center', margin: '8px 0' }}>
        <Typography.Text
          type="secondary"
          style={{ display: 'inline-block', fontSize: 12, padding: '2px 12px', borderRadius: 999, background: 'rgba(0, 0, 0, 0.04)' }}
        >
          {message.text} · {messageTime(message.createdAt)}
        </Typography.Text>
      </div>
    );
  }
  return (
    <Flex
      vertical
      align={own ? 'flex-end' : 'flex-start'}
      data-testid="message"
      data-message-id={message.id}
      data-own={own}
      style={{ margin: '4px 0' }}
    >
      {author && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {author}
        </Typography.Text>
      )}
      <div
        style={{
          maxWidth: 'min(75%, 560px)',
          padding: '8px 12px',
          borderRadius: 12,
          background: own ? BRAND.primary : '#f0f0f0',
          color: own ? '#fff' : 'rgba(0, 0, 0, 0.88)',
        }}
      >
        {message.text && (
          <div data-testid="message-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </div>
        )}
        {message.images.length > 0 && (
          <Image.PreviewGroup>
            <Flex wrap gap={4} style={{ marginTop: message.text ? 6 : 0 }}>
              {message.images.map((image, index) => (
                <Image
                  key={image.id}
                  src={image.thumbUrl}
                  preview={{ src: image.url }}
                  width={96}
                  height={96}
                  alt={`Imagen ${index + 1} del mensaje`}
                  data-testid="message-image"
                  style={{ objectFit: 'cover', borderRadius: 8 }}
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
        {/* Dimmed only so far as it still reads at 4.5:1 on the blue of one's own messages. */}
        <div style={{ fontSize: 11, textAlign: 'right', opacity: 0.85, marginTop: 2 }}>{messageTime(message.createdAt)}</div>
      </div>
      {seen && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="message-seen">
          Visto
        </Typography.Text>
      )}
    </Flex>
  );
}
