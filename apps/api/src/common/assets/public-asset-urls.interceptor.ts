import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { PublicAssetUrls } from './public-asset-urls';

/**
 * The image edge, both ways: a body's own absolute image (as answers carry it) arrives at the validation pipe, which
 * runs after interceptors, as its stored path; every HTTP answer's images leave absolute.
 */
@Injectable()
export class PublicAssetUrlsInterceptor implements NestInterceptor {
  constructor(private readonly assets: PublicAssetUrls) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const body = context.switchToHttp().getRequest<Request>().body as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'profileImg' in body) {
      const input = body as { profileImg: unknown };
      input.profileImg = this.assets.stored(input.profileImg);
    }
    return next.handle().pipe(map((answer: unknown) => this.assets.answer(answer)));
  }
}
