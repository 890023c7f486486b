import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  Inject,
  Injectable,
  PayloadTooLargeException,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** Multer's own errors (too big, wrong field) in the API's Spanish, field-naming shape. */
@Catch(PayloadTooLargeException, BadRequestException)
@Injectable()
export class UploadErrorsFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const status = exception.getStatus();
    const body = exception.getResponse();
    // Our own 400s already carry `errors`; keep them.
    if (typeof body === 'object' && body !== null && 'errors' in body) {
      res.status(status).json(body);
      return;
    }
    const megabytes = Math.round((this.config.uploads.maxBytes / 1024 / 1024) * 10) / 10;
    const message =
      exception instanceof PayloadTooLargeException
        ? `La imagen es demasiado grande (máximo ${megabytes} MB)`
        : 'Envía una sola imagen en el campo file';
    res.status(status).json({
      statusCode: status,
      error: status === 413 ? 'Payload Too Large' : 'Bad Request',
      message,
      errors: [{ field: 'file', message }],
    });
  }
}
