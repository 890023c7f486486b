import { cleanInputInPlace } from '@oficios/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { invalidInput } from '../errors/app-errors';

/**
 * The edge every string crosses before any guard or controller (once the body is parsed): control characters are
 * refused with 400 naming the field, invisible formatting is removed (see libs/domain's input-hygiene). Route
 * parameters are checked on the decoded path. Multipart fields are read later, by MultipartFiles, which cleans them
 * the same way.
 */
export function inputHygieneHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const path = decodedPath(request.url);
  if (path !== null) {
    const { problem } = cleanInputInPlace(path, 'path');
    if (problem) return done(invalidInput([problem]));
  }
  const queryProblem = cleanInputInPlace(request.query, 'query').problem;
  if (queryProblem) return done(invalidInput([queryProblem]));
  const bodyProblem = cleanInputInPlace(request.body, 'body').problem;
  if (bodyProblem) return done(invalidInput([bodyProblem]));
  done();
}

/** The path (without its query) as the router decodes it; null when it is not valid percent-encoding (the router answers that). */
function decodedPath(url: string): string | null {
  const end = url.indexOf('?');
  try {
    return decodeURIComponent(end === -1 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}
