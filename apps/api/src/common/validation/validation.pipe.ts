import { fieldErrors, idSchema } from '@oficios/domain';
import { createZodValidationPipe } from 'nestjs-zod';
import type { ZodError, ZodType } from 'zod';
import { invalidInput } from '../errors/app-errors';

/**
 * Validates every body, query and param typed with a schema DTO (`createZodDto`) before the controller runs, so
 * services receive parsed values; a refusal is the API's 400 naming each field.
 */
export const SchemaValidationPipe = createZodValidationPipe({
  createValidationException: (error) => invalidInput(fieldErrors(error as ZodError)),
});

/** A pipe for one route or query parameter: its problems are reported under the parameter's name. */
function parameterPipe(field: string, schema: ZodType) {
  const Pipe = createZodValidationPipe({
    createValidationException: (error) =>
      invalidInput(fieldErrors(error as ZodError).map((problem) => ({ field, message: problem.message }))),
  });
  return new Pipe(schema);
}

/** A route or query id: a positive integer, else 400 naming the parameter. */
export function idParam(field = 'id') {
  return parameterPipe(field, idSchema(field));
}

/** An id that may be left out of the query string. */
export function optionalIdParam(field: string) {
  return parameterPipe(field, idSchema(field).optional());
}
