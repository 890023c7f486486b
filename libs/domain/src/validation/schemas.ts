import { z } from 'zod';

/** The largest id a Postgres `integer` column holds. */
export const MAX_ID = 2_147_483_647;

export const BODY_EXPECTED = 'Se esperaba un objeto JSON';

/**
 * A positive integer id. Route and query values arrive as text, JSON bodies may send either a number or a string of
 * digits (the spec's clients do both); the message names the field.
 */
export function idSchema(field = 'id') {
  const message = `${field} debe ser un entero positivo`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message));
}

/** Text that must be present: not blank once trimmed, at most `max` characters. */
export function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

/**
 * Rules that relate several fields (e.g. "a professional needs a profession"). They run even when a field already
 * failed, so a form learns every problem at once; they read the raw body, so they must not assume its types.
 */
export function crossFieldRules<T>(rules: (body: Record<string, unknown>, ctx: z.RefinementCtx<T>) => void) {
  return z.superRefine<T>((value, ctx) => rules(value as unknown as Record<string, unknown>, ctx), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  });
}

/** Reports a cross-field problem on `field`. */
export function fieldIssue(ctx: z.RefinementCtx<unknown>, field: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message });
}

/** A JSON object body; anything else (an array, a string, nothing) is refused with one message. */
export function bodyObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: BODY_EXPECTED });
}
