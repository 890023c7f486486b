import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/**
 * Marks a public GET whose answer is the same for everybody (the catalogue's): it sets no cookie, so a shared cache
 * (a CDN, a proxy) may keep it, and a first visit does not pay for an anti-forgery token it does not need. The SPA
 * gets its token from any other answer: /home/user/me, or a signed-in page's own calls (its notifications, say).
 */
export const SharedCacheable = () => RouteConfig({ sharedCacheable: true });

/** Whether the request's route was marked `@SharedCacheable()`. */
export function isSharedCacheable(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { sharedCacheable?: boolean } | undefined)?.sharedCacheable === true;
}
