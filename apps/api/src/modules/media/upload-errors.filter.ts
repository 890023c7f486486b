import { ArgumentsHost, BadRequestException, Catch, PayloadTooLargeException, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { loadConfig } from '../../config/app-config';

/** Multer's own errors (too big, wrong field) in the API's Spanish, field-naming shape. */
@Catch(PayloadTooLargeException, BadRequestException)
export class UploadErrorsFilter implements ExceptionFilter {
  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const status = exception.getStatus();
    const body = exception.getResponse();
    // Our own 400s already carry `errors`; keep them.
    if (typeof body === 'object' && body !== null && 'errors' in body) {
      res.status(status).json(body);
      return;
    }
    const megabytes = Math.round((loadConfig().uploads.maxBytes / 1024 / 1024) * 10) / 10;
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
