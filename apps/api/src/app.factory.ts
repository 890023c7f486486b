import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { SessionService } from './modules/identity';
import { PublicAssetUrls } from './common/assets/public-asset-urls';
import { storedAssetPathsHook } from './common/assets/stored-asset-paths.hook';
import { xsrfCookieHook } from './common/auth/xsrf-cookie.hook';
import { trustProxyOf } from './common/http/client-address';
import { COMPRESSION_THRESHOLD_BYTES } from './common/http/json-representation';
import { securityHeaders } from './common/http/security-headers';
import { inputHygieneHook } from './common/input/input-hygiene.hook';
import { abortedRequestLogHook, requestLogHook } from './common/logging/request-log.hook';
import { RealtimeIoAdapter } from './common/realtime/realtime-io.adapter';
import { requestContextHook, requestIdOf } from './common/request-context/request-context.hooks';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import type { Clock } from './common/clock/clock';

/** JSON bodies above this are refused with 413 (as Express's body parser did): no form of ours is near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

/** The HTTP app exactly as served, shared by main.ts and the integration tests (which may read its logs). */
export async function createApp(
  config: AppConfig,
  options: { logDestination?: DestinationStream; clock?: Clock } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    // Only the proxies TRUST_PROXY names may tell the client's address (X-Forwarded-For): throttling keys on it.
    trustProxy: trustProxyOf(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // As Express routed: `/home/` is `/home`.
    routerOptions: { ignoreTrailingSlash: true },
    // The request's id, given before any hook or middleware runs.
    genReqId: (req: IncomingMessage) => requestIdOf(req),
  });
  // Nest's own lines are held until pino takes over, so every line goes through it (level, format, request id).
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Pino has taken over: stop buffering now, not when init ends. A line buffered during init (a job that finished
  // while the app was still starting) would be written later, outside its job's context, without its request id.
  app.flushLogs();
  const fastify = app.getHttpAdapter().getInstance();
  // Every answer (static files and refusals included) carries its request id, and the request runs under it.
  fastify.addHook('onRequest', requestContextHook);
  // One line per request, written by the process's logger (the one pino-http built, mounted on no route).
  fastify.addHook('onResponse', requestLogHook(PinoLogger.root));
  fastify.addHook('onRequestAbort', abortedRequestLogHook(PinoLogger.root));
  // Every JSON answer's images leave absolute (PublicAssetUrls.json).
  const assets = app.get(PublicAssetUrls);
  fastify.setReplySerializer((payload) => assets.json(payload));
  // Answers over 1 KB compressed, brotli (quality 4) or gzip by Accept-Encoding; the catalogue's are compressed once
  // per cached answer by JsonAnswers, which opts out here. Socket.io's polling does not pass through Fastify.
  await app.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  // JSON API: no pages of its own to protect with a CSP (the docs UI needs inline scripts); images are loaded by the SPA's origin.
  // COOP off: the Google popup must keep its opener to report back to the SPA.
  const security = securityHeaders({
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: false,
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security.headers);
    for (const name of security.removed) reply.removeHeader(name);
    done();
  });
  await app.register(fastifyCookie);
  fastify.addHook('onRequest', xsrfCookieHook(app.get(SessionService)));
  // Photos, read by the routes that take them (MultipartFiles), each route with its own limits.
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploads.maxBytes } });
  // The input edge, once the body is parsed and before any guard: control characters refused, invisible formatting
  // removed, our own absolute images as paths.
  fastify.addHook('preValidation', inputHygieneHook);
  fastify.addHook('preValidation', storedAssetPathsHook(app.get(PublicAssetUrls)));
  app.useStaticAssets({
    root: config.uploads.dir,
    prefix: '/uploads/',
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    // Nest's Swagger UI registers @fastify/static too; only one may decorate the reply.
    decorateReply: false,
  });
  app.enableCors({
    origin: config.webOrigins,
    credentials: true,
    // The SPA's unsafe methods too (@fastify/cors allows only GET, HEAD and POST unless told).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-XSRF-TOKEN', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id'],
  });
  // Sockets on the same port: CORS for WEB_ORIGINS, and the Redis adapter between API processes.
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
