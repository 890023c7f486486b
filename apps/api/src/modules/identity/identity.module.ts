import { Module } from '@nestjs/common';
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
import { GoogleCallback } from './google/google-callback.service';
import { GoogleOAuthService } from './google/google-oauth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { RegistrationThrottle } from './registration-throttle';
import { SignIns } from './sign-ins.service';
import { UsersRepository } from './users.repository';

/**
 * Accounts: registration, sign-in (password, Google), sessions' account side, e-mail links. The bottom of the module
 * graph: it uses no business module, and flows that also need one (registering, the answers with a cart or a
 * catalogue profile) are composed above it (modules/sign-in) through SignIns and GoogleCallback.
 */
@Module({
  controllers: [AuthController, GoogleAuthController, DevGoogleController],
  providers: [
    AuthService,
    SignIns,
    GoogleCallback,
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
  exports: [AccountsService, SignIns, GoogleCallback],
})
export class IdentityModule {}
