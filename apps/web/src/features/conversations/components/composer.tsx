import { CloseOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tag } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../shared/lib/image-files';
import type { NewMessage } from '../api/conversation-actions';
import { Typography } from '../../../shared/ui/typography';

/** The most pictures one message carries, and the longest text (the API's limits). */
export const MAX_MESSAGE_IMAGES = 5;
export const MAX_MESSAGE_LENGTH = 2000;
export const TOO_MANY_IMAGES = `Puedes adjuntar hasta ${MAX_MESSAGE_IMAGES} imágenes por mensaje`;

interface Attachment {
  file: File;
  /** An object URL for the preview (none where the browser cannot make one). */
  preview: string | null;
}

const previewOf = (file: File): string | null => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const release = (attachment: Attachment) => {
  if (attachment.preview) URL.revokeObjectURL(attachment.preview);
};

interface ComposerProps {
  /** Sends the message; the composer empties once it resolves, and keeps what was written if it rejects. */
  onSend: (message: NewMessage) => Promise<unknown>;
  sending: boolean;
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line; "Enviar" sends too. Up to 5 images (PNG, JPEG, GIF
 * or WEBP, 2 MB each, the upload rules) ride along; a message may be only images.
 */
export function Composer({ onSend, sending }: ComposerProps) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The previews still shown when the page goes away are released then.
  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  }, [attachments]);
  useEffect(() => () => attachmentsRef.current.forEach(release), []);

  const trimmed = text.trim();
  const canSend = !sending && (trimmed !== '' || attachments.length > 0);

  const submit = () => {
    if (!canSend) return;
    setProblem(null);
    onSend({ text: trimmed, images: attachments.map((attachment) => attachment.file) }).then(
      () => {
        setText('');
        attachments.forEach(release);
        setAttachments([]);
      },
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    let refusal: string | null = null;
    const accepted: Attachment[] = [];
    for (const file of chosen) {
      const reason = imageFileProblem(file);
      if (reason) refusal = reason;
      else if (attachments.length + accepted.length >= MAX_MESSAGE_IMAGES) refusal = TOO_MANY_IMAGES;
      else accepted.push({ file, preview: previewOf(file) });
    }
    setProblem(refusal);
    if (accepted.length > 0) setAttachments((current) => [...current, ...accepted]);
  };

  const remove = (index: number) => {
    setAttachments((current) => {
      const removed = current[index];
      if (removed) release(removed);
      return current.filter((_, position) => position !== index);
    });
    setProblem(null);
  };

  return (
    <Flex vertical gap={6} data-testid="composer">
      {attachments.length > 0 && (
        <Flex wrap gap={6} data-testid="composer-attachments">
          {attachments.map((attachment, index) => (
            <Tag
              key={`${attachment.file.name}-${index}`}
              closable
              closeIcon={<CloseOutlined aria-label={`Quitar ${attachment.file.name}`} />}
              onClose={(event) => {
                event.preventDefault();
                remove(index);
              }}
              data-testid="composer-attachment"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6, padding: 4 }}
            >
              {attachment.preview && (
                <img src={attachment.preview} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
              )}
              <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{attachment.file.name}</span>
            </Tag>
          ))}
        </Flex>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid="composer-error">
          {problem}
        </Typography.Text>
      )}
      <Flex gap={8} align="flex-end">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          onChange={attach}
          data-testid="composer-file-input"
          aria-label="Imágenes para adjuntar"
        />
        <Button
          icon={<PaperClipOutlined />}
          onClick={() => fileInput.current?.click()}
          disabled={sending || attachments.length >= MAX_MESSAGE_IMAGES}
          aria-label="Adjuntar imágenes"
          title="Adjuntar imágenes (hasta 5)"
        />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Escribe un mensaje"
          aria-label="Mensaje"
          rows={2}
          style={{ resize: 'vertical' }}
          maxLength={MAX_MESSAGE_LENGTH}
          data-testid="composer-input"
        />
        <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={!canSend} loading={sending} data-testid="composer-send">
          Enviar
        </Button>
      </Flex>
    </Flex>
  );
}
