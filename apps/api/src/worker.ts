import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { WorkersService } from './common/queues/workers.service';
import { loadConfig } from './config/app-config';
import { announceStandIns, failStart } from './config/startup';

/**
 * Worker-only process (`npm run worker`): the API's modules without HTTP, with
 * the queue workers on whatever WORKERS says. Any number may run at once. On
 * SIGTERM/SIGINT it stops taking jobs, lets the running ones finish, then exits.
 */
async function bootstrap(): Promise<void> {
  const loaded = loadConfig();
  announceStandIns(loaded);
  const config = { ...loaded, workers: { ...loaded.workers, enabled: true } };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { http: false }), {
    logger: ['error', 'warn', 'log'],
  });
  app.enableShutdownHooks();
  await app.get(WorkersService).ready();
  new Logger('Oficios').log('Worker listo');
}

bootstrap().catch(failStart);
