import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SessionService } from '../../modules/identity';
import { isSharedCacheable } from '../http/shared-cacheable';

/**
 * Immutable public files (uploaded pictures, generated avatars) are cached by browsers and proxies for a year:
 * such a response must not carry a cookie.
 */
const IMMUTABLE_PREFIXES = ['/uploads/', '/avatars/'];

/**
 * Gives every browser an anti-forgery cookie bound to its session on its first request (and a new one when the
 * session it was bound to is gone), so its next unsafe request can echo it. Not on answers shared caches may keep:
 * immutable files and the public catalogue's GETs (`@SharedCacheable()`).
 */
export function xsrfCookieHook(sessions: SessionService) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!IMMUTABLE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) && !isSharedCacheable(request))
      sessions.refreshXsrf(request, reply);
    done();
  };
}
