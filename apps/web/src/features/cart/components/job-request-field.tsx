import { JOB_REQUEST_IMAGES_MAX, JOB_REQUEST_TEXT_MAX, type JobRequestView, type MessageImageView } from '@oficios/domain';
import { Alert, Button, Flex, Image, Input } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { Typography } from '../../../shared/ui/typography';
import { useSaveJobRequest, useUploadJobRequestImages } from '../api/save-job-request';

export const JOB_REQUEST_LABEL = 'Contale el trabajo';
export const JOB_REQUEST_HINT = 'Describí qué hay que hacer y sumá fotos: el profesional lo ve antes de aceptar.';
export const JOB_REQUEST_MISSING = 'Todavía no describiste el trabajo para este profesional';
export const JOB_REQUEST_SAVED = 'Pedido guardado';
export const TOO_MANY_PHOTOS = `Podés adjuntar hasta ${JOB_REQUEST_IMAGES_MAX} fotos al pedido`;

interface JobRequestFieldProps {
  /** The server cart line's id; undefined for a visitor's cart, which cannot hold a request yet. */
  detailId: number | undefined;
  /** The saved request of the line. */
  request: JobRequestView | undefined;
}

/**
 * The job request of one cart line: a description (up to 2000 characters) and up to 5 photos for the professional.
 * The text is saved on leaving the field or with "Guardar"; each photo added or taken out is saved at once.
 */
export function JobRequestField({ detailId, request }: JobRequestFieldProps) {
  const [text, setText] = useState(request?.text ?? '');
  const [notice, setNotice] = useState<{ type: 'success' | 'danger'; text: string } | null>(null);
  const save = useSaveJobRequest();
  const upload = useUploadJobRequestImages();
  const picker = useRef<HTMLInputElement>(null);
  const images = request?.images ?? [];

  if (detailId === undefined) {
    return (
      <Typography.Text type="secondary" data-testid="job-request-sign-in">
        Ingresá para contarle el trabajo al profesional y sumar fotos.
      </Typography.Text>
    );
  }

  const store = async (nextText: string, nextImages: MessageImageView[]) => {
    try {
      await save.mutateAsync({ detailId, text: nextText, imageIds: nextImages.map((image) => image.id) });
      setNotice({ type: 'success', text: JOB_REQUEST_SAVED });
      return true;
    } catch (error) {
      setNotice({ type: 'danger', text: errorMessage(error) });
      return false;
    }
  };

  const saveText = async () => {
    if (text.trim() === (request?.text ?? '')) return;
    await store(text, images);
  };

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (images.length + files.length > JOB_REQUEST_IMAGES_MAX) {
      setNotice({ type: 'danger', text: TOO_MANY_PHOTOS });
      return;
    }
    try {
      const added = await upload.mutateAsync(files);
      await store(text, [...images, ...added]);
    } catch (error) {
      setNotice({ type: 'danger', text: errorMessage(error) });
    }
  };

  const removePhoto = (id: number) =>
    store(
      text,
      images.filter((image) => image.id !== id),
    );

  const empty = (request?.text ?? '') === '' && images.length === 0;
  return (
    <Flex vertical gap={6} data-testid="job-request">
      <Typography.Text strong>{JOB_REQUEST_LABEL}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {JOB_REQUEST_HINT}
      </Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => void saveText()}
        maxLength={JOB_REQUEST_TEXT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder="Ej.: pierde la canilla de la cocina, ya cambié el cuerito"
        aria-label={JOB_REQUEST_LABEL}
        data-testid="job-request-text"
      />
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={6} data-testid="job-request-photos">
            {images.map((image, index) => (
              <Flex key={image.id} vertical align="center" gap={2}>
                <Image
                  src={image.thumbUrl}
                  preview={{ src: image.url }}
                  width={64}
                  height={64}
                  alt={`Foto ${index + 1} del pedido`}
                  data-testid="job-request-photo"
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                />
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() => void removePhoto(image.id)}
                  aria-label={`Quitar la foto ${index + 1}`}
                >
                  Quitar
                </Button>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      <Flex gap={8} wrap>
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          hidden
          onChange={(event) => void addPhotos(event)}
          data-testid="job-request-file"
        />
        <Button
          onClick={() => picker.current?.click()}
          loading={upload.isPending}
          disabled={images.length >= JOB_REQUEST_IMAGES_MAX}
          data-testid="job-request-add-photos"
        >
          Agregar fotos ({images.length}/{JOB_REQUEST_IMAGES_MAX})
        </Button>
        <Button type="primary" ghost onClick={() => void saveText()} loading={save.isPending} data-testid="job-request-save">
          Guardar
        </Button>
      </Flex>
      {notice && (
        <Typography.Text type={notice.type} role={notice.type === 'danger' ? 'alert' : 'status'} data-testid="job-request-notice">
          {notice.text}
        </Typography.Text>
      )}
      {empty && <Alert type="warning" showIcon title={JOB_REQUEST_MISSING} data-testid="job-request-missing" />}
    </Flex>
  );
}
