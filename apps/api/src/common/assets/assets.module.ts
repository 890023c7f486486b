import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PublicAssetUrls } from './public-asset-urls';
import { PublicAssetUrlsInterceptor } from './public-asset-urls.interceptor';

/** Absolute image addresses in every answer (the interceptor), and `PublicAssetUrls` for inputs and hand-sent answers. */
@Global()
@Module({
  providers: [PublicAssetUrls, { provide: APP_INTERCEPTOR, useClass: PublicAssetUrlsInterceptor }],
  exports: [PublicAssetUrls],
})
export class AssetsModule {}
