import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { AccountLinksRepository } from './account-links.repository';
import { EmailVerificationMailJob, PasswordResetMailJob } from './account-mail-jobs';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CredentialChanges } from './credential-changes.service';
import { EmailVerificationService } from './email-verification.service';
import { DevGoogleController } from './google/dev-google.controller';
import { GoogleAccounts } from './google/google-accounts.service';
import { GoogleAuthController } from './google/google-auth.controller';
import { GoogleOAuthService } from './google/google-oauth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { UsersRepository } from './users.repository';

@Module({
  imports: [CatalogModule, ReviewsModule],
  controllers: [AuthController, GoogleAuthController, DevGoogleController],
  providers: [
    AuthService,
    PasswordResetService,
    EmailVerificationService,
    GoogleOAuthService,
    GoogleAccounts,
    UsersRepository,
    AccountLinksRepository,
    LoginThrottle,
    CredentialChanges,
    PasswordResetMailJob,
    EmailVerificationMailJob,
  ],
  exports: [UsersRepository, CredentialChanges],
})
export class IdentityModule {}
