import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
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
  // Nest's own lines are held until pino takes over (LOG_LEVEL, JSON in production, each job's request id).
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { http: false }), { bufferLogs: true });
  app.useLogger(app.get(PinoNestLogger));
  // Pino has taken over: stop buffering now, not when init ends. A line buffered during init (a job that finished
  // while the app was still starting) would be written later, outside its job's context, without its request id.
  app.flushLogs();
  app.enableShutdownHooks();
  await app.get(WorkersService).ready();
  new Logger('Oficios').log('Worker listo');
}

bootstrap().catch(failStart);
