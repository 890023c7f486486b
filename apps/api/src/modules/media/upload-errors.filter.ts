import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  HttpStatus,
  Inject,
  Injectable,
  PayloadTooLargeException,
  type ExceptionFilter,
  type Type,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { apiError, invalidInput } from '../../common/errors/app-errors';
import { sendError } from '../../common/errors/http-error.filter';

/** What an upload route says when its files are refused (MultipartFiles): the field named, and the two messages. */
export interface UploadRefusalTexts {
  field: string;
  tooBig: (megabytes: number) => string;
  wrongField: string;
}

/**
 * Answers the reader's own refusal (too big, wrong or extra field, malformed form) in the API's Spanish, field-naming shape; our own
 * refusals (they already have their code) go out as they are.
 */
export function sendUploadRefusal(
  res: FastifyReply,
  exception: PayloadTooLargeException | BadRequestException,
  maxBytes: number,
  texts: UploadRefusalTexts,
): void {
  const body = exception.getResponse();
  if (typeof body === 'object' && body !== null && 'code' in body) {
    sendError(res, exception);
    return;
  }
  if (exception instanceof PayloadTooLargeException) {
    const message = texts.tooBig(Math.round((maxBytes / 1024 / 1024) * 10) / 10);
    sendError(res, apiError(HttpStatus.PAYLOAD_TOO_LARGE, 'payload_too_large', message, { errors: [{ field: texts.field, message }] }));
    return;
  }
  sendError(res, invalidInput([{ field: texts.field, message: texts.wrongField }]));
}

/**
 * An exception filter that answers an upload route's refusals with its own texts (one per route: the single image,
 * a message's photos, a job request's photos).
 */
export function UploadRefusalsFilter(texts: UploadRefusalTexts): Type<ExceptionFilter> {
  @Catch(PayloadTooLargeException, BadRequestException)
  @Injectable()
  class UploadRefusals implements ExceptionFilter {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
      sendUploadRefusal(host.switchToHttp().getResponse<FastifyReply>(), exception, this.config.uploads.maxBytes, texts);
    }
  }
  return UploadRefusals;
}

/** The refusals of the single-image upload (`file`). */
export const UploadErrorsFilter = UploadRefusalsFilter({
  field: 'file',
  tooBig: (megabytes) => `La imagen es demasiado grande (máximo ${megabytes} MB)`,
  wrongField: 'Envía una sola imagen en el campo file',
});
