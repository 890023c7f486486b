import { Module } from '@nestjs/common';
import { JwtModule, type JwtModuleOptions } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PruneExpiredSessionsJob } from './prune-expired-sessions.job';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

/**
 * The session cookies' JWT options. The secret is handed over as a KeyObject: given a string, jsonwebtoken first
 * tries to read it as a PEM public key on every verify (an exception each time, three times per request), and only
 * then makes the same HMAC key.
 */
export function sessionJwtOptions(config: AppConfig): JwtModuleOptions {
  return {
    secret: createSecretKey(Buffer.from(config.session.secret)),
    signOptions: { algorithm: 'HS256' },
    verifyOptions: { algorithms: ['HS256'] },
  };
}

/** Sessions: who is signed in on each request (the global guard asks), and the anti-forgery tokens bound to them. */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: sessionJwtOptions,
    }),
  ],
  providers: [SessionService, SessionsRepository, PruneExpiredSessionsJob],
  exports: [SessionService],
})
export class SessionsModule {}
