import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port);
  new Logger('Oficios').log(`API en ${config.publicApiUrl} (docs en ${config.publicApiUrl}/docs)`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
