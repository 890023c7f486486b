import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { AccountLinksRepository } from './account-links.repository';
import { AccountLinkMailer, EmailVerificationMailJob, PasswordResetMailJob, RegistrationAttemptMailJob } from './account-mail-jobs';
import { AuthController } from './auth.controller';
import { AccountsService } from './accounts.service';
import { AuthService } from './auth.service';
import { CredentialChanges } from './credential-changes.service';
import { DeviceCookies } from './device-cookies';
import { EmailVerificationService } from './email-verification.service';
import { DevGoogleController } from './google/dev-google.controller';
import { GoogleAccounts } from './google/google-accounts.service';
import { GoogleAuthController } from './google/google-auth.controller';
import { GoogleOAuthService } from './google/google-oauth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { RegistrationThrottle } from './registration-throttle';
import { UsersRepository } from './users.repository';

/** Accounts: registration, sign-in (password, Google), sessions' account side, e-mail links. */
@Module({
  imports: [CatalogModule, CartModule],
  controllers: [AuthController, GoogleAuthController, DevGoogleController],
  providers: [
    AuthService,
    AccountsService,
    PasswordResetService,
    EmailVerificationService,
    GoogleOAuthService,
    GoogleAccounts,
    UsersRepository,
    AccountLinksRepository,
    LoginThrottle,
    DeviceCookies,
    RegistrationThrottle,
    CredentialChanges,
    AccountLinkMailer,
    PasswordResetMailJob,
    EmailVerificationMailJob,
    RegistrationAttemptMailJob,
  ],
  exports: [AccountsService],
})
export class IdentityModule {}
