import { Logger } from '@nestjs/common';
import type { AppConfig } from './app-config';
import { demoBanner } from './demo';
import { ConfigError } from './env-parsers';

/** The demo banner, before anything else a process logs: nobody should mistake a demo for the real thing. */
export function announceStandIns(config: AppConfig): void {
  const banner = demoBanner(config);
  if (banner.length === 0) return;
  const logger = new Logger('Demo');
  for (const line of banner) logger.warn(line);
}

/** A refused configuration prints its message (which names the variables) and nothing more; anything else, in full. */
export function failStart(error: unknown): never {
  console.error(error instanceof ConfigError ? `✖ ${error.message}` : error);
  process.exit(1);
}
