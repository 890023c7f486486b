import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { UserType } from '@oficios/domain';
import type { FastifyRequest } from 'fastify';

/** Who may call a handler: anyone ('public') or the listed user types. Every handler must declare it. */
export type AccessRule = 'public' | UserType;
export const ACCESS_KEY = 'oficios:access';
export const Access = (...rules: [AccessRule, ...AccessRule[]]) => SetMetadata(ACCESS_KEY, rules);

/** Unsafe handlers that cannot carry the anti-forgery header (provider webhooks, the Google stand-in's forms). */
export const SKIP_XSRF_KEY = 'oficios:skip-xsrf';
export const SkipXsrf = () => SetMetadata(SKIP_XSRF_KEY, true);

/** The signed-in caller, as its live session row says (the type is read from the database on every request). */
export interface SessionUserClaims {
  id: number;
  type: UserType;
  /** The caller's session: kept when the caller changes its own password or e-mail, while every other one is revoked. */
  sessionId: string;
}

export type RequestWithUser = FastifyRequest & { sessionUser?: SessionUserClaims | null };

/** The signed-in caller, or null on public routes. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUserClaims | null => {
  return context.switchToHttp().getRequest<RequestWithUser>().sessionUser ?? null;
});
