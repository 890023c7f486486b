import { checkReview, REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from '@oficios/domain';
import { Alert, Button, Form, Input, Modal, Rate } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/error-message';
import type { HistoryLine } from '@oficios/domain';
import { useCreateReview } from '../api/create-review';
import { Typography } from '../../../shared/ui/typography';

export const REVIEW_TITLE = 'Puntua a tu profesional!';
/** The stars come from the Rate (0 to 5), so a bad rating can only mean none was picked yet. */
export const RATING_REQUIRED = 'Elige una puntuación de 1 a 5 estrellas';
export const COMMENT_REQUIRED = REVIEW_MESSAGES.commentRequired;

type Field = 'rating' | 'comment';
type FieldErrors = Partial<Record<Field, string>>;

const STAR_LABELS = ['Malo', 'Regular', 'Bueno', 'Muy bueno', 'Excelente'];

/** The API's per-field 400 messages (or the domain's, checked here first) for the two fields this form has. */
function byField(errors: { field: string; message: string }[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, message } of errors) {
    if (field === 'rating' || field === 'comment') result[field] ??= message;
  }
  return result;
}

/** The server's rules (whole stars 1-5; plain-text comment of 1-500 characters), checked before sending. */
function validate(rating: number, comment: string): FieldErrors {
  const checked = checkReview(rating, comment);
  if (checked.ok) return {};
  const errors = byField(checked.errors);
  if (errors.rating) errors.rating = RATING_REQUIRED;
  return errors;
}

interface ReviewFormProps {
  booking: HistoryLine;
  clientId: number;
  onSaved: () => void;
}

/** Stars and comment, prefilled with the booking's review when it has one. */
function ReviewForm({ booking, clientId, onSaved }: ReviewFormProps) {
  const [rating, setRating] = useState(booking.review?.rating ?? 0);
  const [comment, setComment] = useState(booking.review?.comment ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReview();
  const name = booking.professional
    ? `${booking.professional.firstName} ${booking.professional.lastName}`
    : `Profesional #${booking.professionalId}`;

  const submit = async () => {
    setFailure(null);
    const problems = validate(rating, comment);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await create.mutateAsync({
        clientId,
        professionalId: booking.professionalId,
        comment: comment.trim(),
        rating,
        orderDetailId: booking.id,
      });
      onSaved();
    } catch (error) {
      const fields = isApiError(error, 400) ? byField(error.errors) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorMessage(error));
    }
  };

  const help = (field: Field) => (errors[field] ? <span data-testid={`review-error-${field}`}>{errors[field]}</span> : undefined);

  return (
    <Form layout="vertical" onFinish={submit} noValidate data-testid="review-form">
      <Typography.Paragraph type="secondary" data-testid="review-professional">
        {name}
      </Typography.Paragraph>
      <Form.Item label="Puntuación" validateStatus={errors.rating ? 'error' : undefined} help={help('rating')}>
        <span data-testid="review-rating" data-rating={rating}>
          <Rate
            count={5}
            value={rating}
            aria-label="Puntuación"
            onChange={(value) => {
              setRating(value);
              setErrors((e) => ({ ...e, rating: undefined }));
            }}
          />
          {rating > 0 && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 12 }} data-testid="review-rating-label">
              {STAR_LABELS[rating - 1]}
            </Typography.Text>
          )}
        </span>
      </Form.Item>
      <Form.Item label="Comentario" htmlFor="review-comment" validateStatus={errors.comment ? 'error' : undefined} help={help('comment')}>
        <Input.TextArea
          id="review-comment"
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          showCount
          placeholder="Contanos cómo fue el trabajo"
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors((current) => ({ ...current, comment: undefined }));
          }}
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="review-error" />}
      <Button type="primary" htmlType="submit" loading={create.isPending} block data-testid="review-submit">
        Submit
      </Button>
    </Form>
  );
}

interface ReviewModalProps {
  open: boolean;
  /** The history booking being reviewed (kept while the modal fades out). */
  booking: HistoryLine | null;
  clientId: number;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Puntua a tu profesional!': whole stars (1 to 5) and a comment of up to 500 characters. */
export function ReviewModal({ open, booking, clientId, onClose, onSaved }: ReviewModalProps) {
  return (
    <Modal title={REVIEW_TITLE} open={open && booking !== null} onCancel={onClose} footer={null} destroyOnHidden>
      {booking && <ReviewForm key={booking.id} booking={booking} clientId={clientId} onSaved={onSaved} />}
    </Modal>
  );
}
