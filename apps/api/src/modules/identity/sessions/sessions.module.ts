import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PruneExpiredSessionsJob } from './prune-expired-sessions.job';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

/** Sessions: who is signed in on each request (the global guard asks), and the anti-forgery tokens bound to them. */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.session.secret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [SessionService, SessionsRepository, PruneExpiredSessionsJob],
  exports: [SessionService],
})
export class SessionsModule {}
