import type { NextFunction, Request, Response } from 'express';
import { XSRF_COOKIE, type SessionService } from './session.service';

/** Gives every browser an anti-forgery cookie on its first request, so its first POST can echo it. */
export function xsrfCookieMiddleware(sessions: SessionService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!(req.cookies as Record<string, string> | undefined)?.[XSRF_COOKIE]) sessions.issueXsrf(res);
    next();
  };
}
