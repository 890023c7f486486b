import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PublicAssetUrls } from './public-asset-urls';

/**
 * The image edge, inbound: a body that gives back one of our own images absolute (as answers carry it) reaches the
 * validation as its stored path. After the body parsers and the input hygiene, before routing.
 */
@Injectable()
export class StoredAssetPathsMiddleware implements NestMiddleware {
  constructor(private readonly assets: PublicAssetUrls) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    const body = req.body as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'profileImg' in body) {
      const input = body as { profileImg: unknown };
      input.profileImg = this.assets.stored(input.profileImg);
    }
    next();
  }
}
