import { Global, Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { loggerParams } from './logger-params';

/** pino for the whole process (see loggerParams). */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig, destination?: DestinationStream): DynamicModule {
    return { module: LoggingModule, imports: [LoggerModule.forRoot(loggerParams(config, destination))] };
  }
}
