import { Global, Module, type DynamicModule } from '@nestjs/common';
import { REALTIME_OPTIONS, RealtimeService } from './realtime.service';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Live delivery: RealtimeService for every module that emits; the gateway where this process serves HTTP
 * (the API; its socket.io server is RealtimeIoAdapter, set in app.factory.ts).
 */
@Global()
@Module({})
export class RealtimeModule {
  static forRoot({ http }: { http: boolean }): DynamicModule {
    return {
      module: RealtimeModule,
      providers: [RealtimeService, { provide: REALTIME_OPTIONS, useValue: { gateway: http } }, ...(http ? [RealtimeGateway] : [])],
      exports: [RealtimeService],
    };
  }
}
