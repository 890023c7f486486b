import { Injectable, type NestMiddleware } from '@nestjs/common';
import { cleanInputInPlace } from '@oficios/domain';
import type { NextFunction, Request, Response } from 'express';
import { invalidInput } from '../errors/app-errors';

/**
 * The edge every string crosses before any controller (after the body parsers, before routing): control
 * characters are refused with 400 naming the field, invisible formatting is removed (see libs/domain's
 * input-hygiene). Route parameters are checked on the decoded path, since they are not parsed yet here.
 */
@Injectable()
export class InputHygieneMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    const path = decodedPath(req.path);
    if (path !== null) {
      const { problem } = cleanInputInPlace(path, 'path');
      if (problem) throw invalidInput([problem]);
    }
    // Express 5 parses `req.query` anew on every read: clean one copy and pin it on this request.
    const query: unknown = req.query;
    const queryProblem = cleanInputInPlace(query, 'query').problem;
    if (queryProblem) throw invalidInput([queryProblem]);
    Object.defineProperty(req, 'query', { value: query, writable: true, enumerable: true, configurable: true });
    const bodyProblem = cleanInputInPlace(req.body, 'body').problem;
    if (bodyProblem) throw invalidInput([bodyProblem]);
    next();
  }
}

/** The path as the router will decode it; null when it is not valid percent-encoding (the router answers that). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
