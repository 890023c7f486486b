import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { LocalitiesModule } from '../localities';
import { AccountAnswers } from './account-answers.service';
import { GoogleCallbackController } from './google-callback.controller';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/**
 * Registration, sign-in and the account answers, composed above identity: identity's account with what cart and
 * catalog keep for it (a client's cart, a professional's public profile), so identity needs neither.
 */
@Module({
  imports: [IdentityModule, CartModule, CatalogModule, LocalitiesModule],
  controllers: [SignInController, GoogleCallbackController],
  providers: [SignInService, AccountAnswers],
  exports: [AccountAnswers],
})
export class SignInModule {}
