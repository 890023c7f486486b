import type { z } from 'zod';

/** One problem of one field, as every 400 of the API lists them and every form shows them under the field. */
export interface FieldError {
  field: string;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Where a problem of the whole body (not of one of its fields) is reported. */
export const BODY_FIELD = 'body';

/**
 * A zod failure as the API and the forms report it: the first message of each field (a field shows one message),
 * in `fieldOrder` when given (the form's order), else in the order zod found them.
 */
export function fieldErrors(error: z.ZodError, fieldOrder: readonly string[] = []): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? fieldName(issue.path) : BODY_FIELD;
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
  }
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field.split(/[.[]/)[0]);
    return index === -1 ? fieldOrder.length : index;
  };
  return fieldOrder.length > 0 ? errors.sort((a, b) => rank(a.field) - rank(b.field)) : errors;
}

/** `lines[0].professionalId`: list positions in brackets, as a form names its rows. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index > 0 ? '.' : ''}${String(key)}`)).join('');
}

/** `schema.safeParse` in the shape the rules answer: the parsed value, or every field's message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, fieldOrder?: readonly string[]): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error, fieldOrder) };
}
