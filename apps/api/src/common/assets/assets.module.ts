import { Global, Module } from '@nestjs/common';
import { JsonAnswers } from '../http/json-answers';
import { PublicAssetUrls } from './public-asset-urls';
import { StoredAssetPathsMiddleware } from './stored-asset-paths.middleware';

/**
 * Image addresses at the edge: `PublicAssetUrls` (answers absolute, through Express's JSON replacer set in
 * app.factory.ts; inputs stored as paths by `StoredAssetPathsMiddleware`), and `JsonAnswers` for the answers sent by
 * hand with an ETag and their compressed forms.
 */
@Global()
@Module({
  providers: [PublicAssetUrls, JsonAnswers, StoredAssetPathsMiddleware],
  exports: [PublicAssetUrls, JsonAnswers, StoredAssetPathsMiddleware],
})
export class AssetsModule {}
