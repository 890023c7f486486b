import { MAX_RATING } from '../constants';

export const REVIEW_COMMENT_MAX = 500;

export const REVIEW_MESSAGES = {
  rating: `La puntuación debe ser un número entero del 1 al ${MAX_RATING}`,
  commentRequired: 'El comentario es obligatorio',
  commentTooLong: `El comentario no puede superar ${REVIEW_COMMENT_MAX} caracteres`,
} as const;

/** Plain text from what a browser sent: tags and control characters out, spaces collapsed. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

export type ReviewCheck = { ok: true; value: ReviewInput } | { ok: false; errors: { field: 'rating' | 'comment'; message: string }[] };

/** A review's rating (whole stars 1-5) and comment (plain text, 1-500 characters), with per-field messages. */
export function checkReview(rating: unknown, comment: unknown): ReviewCheck {
  const errors: { field: 'rating' | 'comment'; message: string }[] = [];
  const stars = typeof rating === 'string' && /^\d$/.test(rating) ? Number(rating) : rating;
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > MAX_RATING)
    errors.push({ field: 'rating', message: REVIEW_MESSAGES.rating });
  const text = typeof comment === 'string' ? stripMarkup(comment) : '';
  if (text === '') errors.push({ field: 'comment', message: REVIEW_MESSAGES.commentRequired });
  else if (text.length > REVIEW_COMMENT_MAX) errors.push({ field: 'comment', message: REVIEW_MESSAGES.commentTooLong });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { rating: stars as number, comment: text } };
}

/** A review as `POST /api/reviews` answers it (its author's name is in `GET /home/reviews`). */
export interface SavedReview {
  id: number;
  clientId: number;
  professionalId: number;
  orderDetailId: number | null;
  comment: string;
  rating: number;
  createdAt: string;
}

/** `POST /api/reviews`: the review, and whether it replaced the booking's earlier one. */
export interface CreateReviewAnswer {
  review: SavedReview;
  updated: boolean;
}
