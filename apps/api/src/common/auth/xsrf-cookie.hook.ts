import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SessionService } from '../../modules/identity';

/**
 * Immutable public files (uploaded pictures, generated avatars) are cached by browsers and proxies for a year:
 * such a response must not carry a cookie.
 */
const IMMUTABLE_PREFIXES = ['/uploads/', '/avatars/'];

/**
 * Gives every browser an anti-forgery cookie bound to its session on its first request (and a new one when the
 * session it was bound to is gone), so its next unsafe request can echo it.
 */
export function xsrfCookieHook(sessions: SessionService) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!IMMUTABLE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) sessions.refreshXsrf(request, reply);
    done();
  };
}
