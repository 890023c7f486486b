import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { JsonAnswers } from '../http/json-answers';
import { PublicAssetUrls } from './public-asset-urls';
import { PublicAssetUrlsInterceptor } from './public-asset-urls.interceptor';

/**
 * Absolute image addresses in every answer (the interceptor), `PublicAssetUrls` for inputs and hand-sent answers, and
 * `JsonAnswers` for the answers sent by hand with an ETag and their compressed forms.
 */
@Global()
@Module({
  providers: [PublicAssetUrls, JsonAnswers, { provide: APP_INTERCEPTOR, useClass: PublicAssetUrlsInterceptor }],
  exports: [PublicAssetUrls, JsonAnswers],
})
export class AssetsModule {}
