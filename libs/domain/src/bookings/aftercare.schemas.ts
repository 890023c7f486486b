/**
 * Bodies and queries of the after-the-work routes: a client's report of a problem, the
 * professional's answer, an administrator's resolution, the list of disputes, and the decision from a mail link.
 */
import { z } from 'zod';
import { exactCents } from '../money/money';
import { bodyObject, requiredText } from '../validation/schemas';
import { DISPUTE_RESOLUTIONS } from './booking.types';

export const DISPUTE_TEXT_MAX = 2000;
export const DISPUTE_NOTE_MAX = 1000;

export const AFTERCARE_MESSAGES = {
  reason: 'Cuéntanos qué pasó (entre 1 y 2000 caracteres)',
  answer: 'Escribe tu respuesta (entre 1 y 2000 caracteres)',
  resolution: `resolution debe ser uno de: ${DISPUTE_RESOLUTIONS.join(', ')}`,
  refundAmount: 'refundAmount debe ser un monto en pesos mayor que cero, con a lo sumo dos decimales',
  refundAmountOnlyPartial: 'refundAmount sólo se indica en un reembolso parcial',
  refundAmountRequired: 'Indica el monto a devolver',
  note: `La nota puede tener hasta ${DISPUTE_NOTE_MAX} caracteres`,
  status: 'status debe ser open o resolved',
  token: 'El enlace no es válido',
  action: 'action debe ser accept o decline',
  declineReason: 'El motivo puede tener hasta 500 caracteres',
} as const;

/** `POST /api/bookings/{lineId}/dispute`: what went wrong, in the client's words. */
export const openDisputeSchema = bodyObject({
  reason: requiredText(AFTERCARE_MESSAGES.reason, DISPUTE_TEXT_MAX, AFTERCARE_MESSAGES.reason),
});
export type OpenDispute = z.output<typeof openDisputeSchema>;

/** `POST /api/bookings/{lineId}/dispute/answer`: the professional's side. */
export const answerDisputeSchema = bodyObject({
  answer: requiredText(AFTERCARE_MESSAGES.answer, DISPUTE_TEXT_MAX, AFTERCARE_MESSAGES.answer),
});
export type AnswerDispute = z.output<typeof answerDisputeSchema>;

const refundAmountSchema = z.number({ error: AFTERCARE_MESSAGES.refundAmount }).transform((pesos, ctx) => {
  const cents = exactCents(pesos);
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: AFTERCARE_MESSAGES.refundAmount });
    return z.NEVER;
  }
  return cents;
});

/**
 * `POST /api/admin/disputes/{id}/resolve`: no refund, a partial refund of `refundAmount` pesos (read as cents), or
 * a full one. Whether the amount fits the line is `disputeRefundCents`'s business, which knows the line.
 */
export const resolveDisputeSchema = bodyObject({
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: AFTERCARE_MESSAGES.resolution }),
  refundAmount: refundAmountSchema.optional(),
  note: z.string({ error: AFTERCARE_MESSAGES.note }).trim().max(DISPUTE_NOTE_MAX, AFTERCARE_MESSAGES.note).optional(),
})
  .superRefine((body, ctx) => {
    if (body.resolution === 'partial' && body.refundAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: AFTERCARE_MESSAGES.refundAmountRequired });
    }
    if (body.resolution !== 'partial' && body.refundAmount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: AFTERCARE_MESSAGES.refundAmountOnlyPartial });
    }
  })
  .transform(({ resolution, refundAmount, note }) => ({ resolution, refundCents: refundAmount ?? null, note: note || null }));
export type ResolveDispute = z.output<typeof resolveDisputeSchema>;

/** `GET /api/admin/disputes?status=`: open ones by default. */
export const disputesQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: AFTERCARE_MESSAGES.status }).default('open'),
});
export type DisputesQuery = z.output<typeof disputesQuerySchema>;

/** `POST /api/bookings/decision`: the signed link of the professional's mail, and what it decides. */
export const bookingDecisionSchema = bodyObject({
  token: z.string({ error: AFTERCARE_MESSAGES.token }).trim().min(1, AFTERCARE_MESSAGES.token).max(1000, AFTERCARE_MESSAGES.token),
  action: z.enum(['accept', 'decline'], { error: AFTERCARE_MESSAGES.action }),
  reason: z.string({ error: AFTERCARE_MESSAGES.declineReason }).trim().max(500, AFTERCARE_MESSAGES.declineReason).optional(),
});
export type BookingDecision = z.output<typeof bookingDecisionSchema>;
