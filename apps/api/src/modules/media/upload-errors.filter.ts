import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  HttpStatus,
  Inject,
  Injectable,
  PayloadTooLargeException,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { apiError, invalidInput } from '../../common/errors/app-errors';
import { sendError } from '../../common/errors/http-error.filter';

/** Multer's own errors (too big, wrong field) in the API's Spanish, field-naming shape. */
@Catch(PayloadTooLargeException, BadRequestException)
@Injectable()
export class UploadErrorsFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = exception.getResponse();
    // Our own refusals already have their code; keep them.
    if (typeof body === 'object' && body !== null && 'code' in body) {
      sendError(res, exception);
      return;
    }
    const megabytes = Math.round((this.config.uploads.maxBytes / 1024 / 1024) * 10) / 10;
    const message =
      exception instanceof PayloadTooLargeException
        ? `La imagen es demasiado grande (máximo ${megabytes} MB)`
        : 'Envía una sola imagen en el campo file';
    const errors = [{ field: 'file', message }];
    sendError(
      res,
      exception instanceof PayloadTooLargeException
        ? apiError(HttpStatus.PAYLOAD_TOO_LARGE, 'payload_too_large', message, { errors })
        : invalidInput(errors),
    );
  }
}
