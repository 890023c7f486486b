import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SessionsModule } from '../../modules/identity';
import { AccessGuard } from './access.guard';

/** The global access guard, and the sessions it reads (identity's) for every module. */
@Global()
@Module({
  imports: [SessionsModule],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionsModule],
})
export class AuthModule {}
