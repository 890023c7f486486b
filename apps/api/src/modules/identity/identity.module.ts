import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DevGoogleController } from './google/dev-google.controller';
import { GoogleAuthController } from './google/google-auth.controller';
import { GoogleOAuthService } from './google/google-oauth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { UsersRepository } from './users.repository';

@Module({
  imports: [CatalogModule, ReviewsModule],
  controllers: [AuthController, GoogleAuthController, DevGoogleController],
  providers: [AuthService, PasswordResetService, GoogleOAuthService, UsersRepository, LoginThrottle],
  exports: [UsersRepository, LoginThrottle],
})
export class IdentityModule {}
