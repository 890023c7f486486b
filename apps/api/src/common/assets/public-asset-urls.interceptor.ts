import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { PublicAssetUrls } from './public-asset-urls';

/** The answer edge: every HTTP answer's images leave absolute. */
@Injectable()
export class PublicAssetUrlsInterceptor implements NestInterceptor {
  constructor(private readonly assets: PublicAssetUrls) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((answer: unknown) => this.assets.answer(answer)));
  }
}
