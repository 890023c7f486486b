import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';

/**
 * Worker-only process: the same modules as the API without the HTTP server,
 * so queue processors run here (`npm run worker`). Stops cleanly on SIGTERM,
 * letting running jobs finish.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn', 'log'] });
  app.enableShutdownHooks();
  new Logger('Oficios').log('Worker en marcha');
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
