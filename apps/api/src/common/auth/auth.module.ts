import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccessGuard } from './access.guard';
import { PruneExpiredSessionsJob } from './prune-expired-sessions.job';
import { SessionService } from './session.service';

/** Sessions and the global access guard. */
@Global()
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
  providers: [SessionService, PruneExpiredSessionsJob, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionService],
})
export class AuthModule {}
