import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { PublicAssetUrls } from './public-asset-urls';

/**
 * The image edge, inbound: a body that gives back one of our own images absolute (as answers carry it) reaches the
 * validation as its stored path. After the input hygiene, before any guard.
 */
export function storedAssetPathsHook(assets: PublicAssetUrls) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const body = request.body;
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'profileImg' in body) {
      const input = body as { profileImg: unknown };
      input.profileImg = assets.stored(input.profileImg);
    }
    done();
  };
}
