import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import { announceStandIns, failStart } from './config/startup';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  announceStandIns(config);
  const app = await createApp(config);
  await app.listen(config.port);
  new Logger('Oficios').log(`API en ${config.publicApiUrl}${config.apiDocs ? ` (docs en ${config.publicApiUrl}/docs)` : ''}`);
}

bootstrap().catch(failStart);
