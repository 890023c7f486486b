import { z } from 'zod';
import { parseWith, type FieldError } from '../validation/field-errors';
import { bodyObject, idSchema } from '../validation/schemas';
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

/** Whole stars 1-5; a browser's select may send them as text. */
export const ratingSchema = z
  .union([z.number(), z.string().regex(/^\d$/).transform(Number)], { error: REVIEW_MESSAGES.rating })
  .pipe(z.number().int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(MAX_RATING, REVIEW_MESSAGES.rating));

/** Plain text (markup stripped), 1-500 characters. */
export const reviewCommentSchema = z
  .string({ error: REVIEW_MESSAGES.commentRequired })
  .transform(stripMarkup)
  .pipe(z.string().min(1, REVIEW_MESSAGES.commentRequired).max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong));

/** `POST /api/reviews`: the professional rated, optionally the booking, and the review itself. */
export const createReviewSchema = bodyObject({
  clientId: idSchema('clientId').optional(),
  professionalId: idSchema('professionalId'),
  orderDetailId: idSchema('orderDetailId').optional(),
  rating: ratingSchema,
  comment: reviewCommentSchema,
});
export type CreateReview = z.output<typeof createReviewSchema>;
export type CreateReviewBody = z.input<typeof createReviewSchema>;

export interface ReviewInput {
  rating: number;
  comment: string;
}

export type ReviewCheck = { ok: true; value: ReviewInput } | { ok: false; errors: FieldError[] };

const reviewSchema = z.object({ rating: ratingSchema, comment: reviewCommentSchema });

/** A review's rating (whole stars 1-5) and comment (plain text, 1-500 characters), with per-field messages. */
export function checkReview(rating: unknown, comment: unknown): ReviewCheck {
  const result = parseWith(reviewSchema, { rating, comment });
  return result.ok ? { ok: true, value: result.value } : result;
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
