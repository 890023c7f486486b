import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { SessionService } from './modules/identity';
import { PublicAssetUrls } from './common/assets/public-asset-urls';
import { xsrfCookieMiddleware } from './common/auth/xsrf-cookie.middleware';
import { COMPRESSION_THRESHOLD_BYTES, isNegotiatedHere } from './common/http/json-representation';
import { RealtimeIoAdapter } from './common/realtime/realtime-io.adapter';
import { requestIdMiddleware } from './common/request-context/request-id.middleware';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import type { Clock } from './common/clock/clock';

/** The HTTP app exactly as served, shared by main.ts and the integration tests (which may read its logs). */
export async function createApp(
  config: AppConfig,
  options: { logDestination?: DestinationStream; clock?: Clock } = {},
): Promise<NestExpressApplication> {
  // Nest's own lines are held until pino takes over, so every line goes through it (level, format, request id).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Pino has taken over: stop buffering now, not when init ends. A line buffered during init (a job that finished
  // while the app was still starting) would be written later, outside its job's context, without its request id.
  app.flushLogs();
  // First of all: every answer (static files and refusals included) carries its request id.
  app.use(requestIdMiddleware);
  // Express would hash every body for an ETag on every request, which costs more than it saves on the large plain
  // list: the public catalogue's answers carry a strong ETag made once per cached answer instead (JsonAnswers).
  app.set('etag', false);
  // Every JSON answer's images leave absolute, written so by JSON.stringify itself (PublicAssetUrls.replacer).
  app.set('json replacer', app.get(PublicAssetUrls).replacer);
  // Answers over 1 KB compressed, brotli (quality 4) or gzip by Accept-Encoding; the catalogue's are compressed once
  // per cached answer by JsonAnswers and skipped here. Socket.io's polling does not pass through Express.
  app.use(
    compression({
      threshold: COMPRESSION_THRESHOLD_BYTES,
      filter: (req, res) => !isNegotiatedHere(res) && compression.filter(req, res),
    }),
  );
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may tell the client's address (X-Forwarded-For): throttling keys on it.
  app.set('trust proxy', config.trustProxy);
  // JSON API: no pages of its own to protect with a CSP (the docs UI needs inline scripts); images are loaded by the SPA's origin.
  // COOP off: the Google popup must keep its opener to report back to the SPA.
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' }, crossOriginOpenerPolicy: false }));
  app.use(cookieParser());
  app.use(xsrfCookieMiddleware(app.get(SessionService)));
  app.useStaticAssets(config.uploads.dir, {
    prefix: '/uploads/',
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    fallthrough: true,
  });
  app.enableCors({
    origin: config.webOrigins,
    credentials: true,
    allowedHeaders: ['Content-Type', 'X-XSRF-TOKEN', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id'],
  });
  // Sockets (issue 12) on the same port: CORS for WEB_ORIGINS, and the Redis adapter between API processes.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, config));
  app.enableShutdownHooks();
  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Oficios API')
        .setDescription('Marketplace de profesionales de reparaciones del hogar')
        .setVersion('1.0')
        .addServer(config.publicApiUrl)
        .build(),
    );
    // The request schemas are the shared zod schemas: /docs shows what is really validated.
    SwaggerModule.setup('docs', app, cleanupOpenApiDoc(document));
  }
  return app;
}
