import { Global, Module } from '@nestjs/common';
import { JsonAnswers } from '../http/json-answers';
import { PublicAssetUrls } from './public-asset-urls';

/**
 * Image addresses at the edge: `PublicAssetUrls` (answers absolute, through the reply serializer set in
 * app.factory.ts; inputs stored as paths by `storedAssetPathsHook`), and `JsonAnswers` for the answers sent by hand
 * with an ETag and their compressed forms.
 */
@Global()
@Module({
  providers: [PublicAssetUrls, JsonAnswers],
  exports: [PublicAssetUrls, JsonAnswers],
})
export class AssetsModule {}
