/** Bodies and queries of the conversations routes, with their Spanish messages. */
import { z } from 'zod';
import { bodyObject, idSchema } from '../validation/schemas';
import { MESSAGE_TEXT_MAX, MESSAGE_TEXT_MESSAGES, plainMessageText } from './message-text';

export const MESSAGE_PAGE_DEFAULT = 30;
export const MESSAGE_PAGE_MAX = 50;
export const REPORT_REASON_MAX = 500;

export const CONVERSATION_MESSAGES = {
  target: 'Indica professionalId (una consulta) o lineId (una reserva), uno de los dos',
  limit: `limit debe ser un entero entre 1 y ${MESSAGE_PAGE_MAX}`,
  cursor: 'Usa before o after, no los dos',
  reason: `El motivo puede tener hasta ${REPORT_REASON_MAX} caracteres`,
} as const;

/**
 * `POST /api/conversations`: `{professionalId}` (a client's inquiry) or `{lineId}` (a booking's thread), one of them.
 */
export const openConversationSchema = bodyObject({
  professionalId: idSchema('professionalId').optional(),
  lineId: idSchema('lineId').optional(),
}).superRefine((body, ctx) => {
  if ((body.professionalId === undefined) === (body.lineId === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [body.professionalId === undefined ? 'professionalId' : 'lineId'],
      message: CONVERSATION_MESSAGES.target,
    });
  }
});
export type OpenConversation = z.output<typeof openConversationSchema>;

const limitSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, CONVERSATION_MESSAGES.limit),
    ],
    { error: CONVERSATION_MESSAGES.limit },
  )
  .transform(Number)
  .pipe(z.number().int(CONVERSATION_MESSAGES.limit).min(1, CONVERSATION_MESSAGES.limit).max(MESSAGE_PAGE_MAX, CONVERSATION_MESSAGES.limit));

/**
 * `GET /api/conversations/{id}/messages?before=&after=&limit=`: older than `before` (scrolling up), newer than `after`
 * (catching up after a reconnect), or the newest; `limit` 1–50, 30 by default.
 */
export const messagesQuerySchema = z
  .object({
    before: idSchema('before').optional(),
    after: idSchema('after').optional(),
    limit: limitSchema.default(MESSAGE_PAGE_DEFAULT),
  })
  .superRefine((query, ctx) => {
    if (query.before !== undefined && query.after !== undefined)
      ctx.addIssue({ code: 'custom', path: ['after'], message: CONVERSATION_MESSAGES.cursor });
  });
export type MessagesQuery = z.output<typeof messagesQuerySchema>;

/**
 * `POST /api/conversations/{id}/messages`: `{text}` as JSON, or the multipart field `text` beside up to 5 `images`.
 * The text comes out plain; whether it may be empty (only with images) is decided with the files.
 */
export const postMessageSchema = bodyObject({
  text: z
    .string({ error: MESSAGE_TEXT_MESSAGES.notText })
    .transform(plainMessageText)
    .pipe(z.string().max(MESSAGE_TEXT_MAX, MESSAGE_TEXT_MESSAGES.tooLong))
    .default(''),
});
export type PostMessage = z.output<typeof postMessageSchema>;

/** `POST /api/conversations/{id}/read`: the viewer has read up to this message id. */
export const readConversationSchema = bodyObject({ upTo: idSchema('upTo') });
export type ReadConversation = z.output<typeof readConversationSchema>;

/** `POST /api/conversations/{id}/report`: an optional reason. */
export const reportConversationSchema = bodyObject({
  reason: z.string({ error: CONVERSATION_MESSAGES.reason }).trim().max(REPORT_REASON_MAX, CONVERSATION_MESSAGES.reason).optional(),
});
export type ReportConversation = z.output<typeof reportConversationSchema>;
