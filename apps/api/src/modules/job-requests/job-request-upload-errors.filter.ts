import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  Inject,
  Injectable,
  PayloadTooLargeException,
  type ExceptionFilter,
} from '@nestjs/common';
import { JOB_REQUEST_MESSAGES } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { sendUploadRefusal } from '../media';

/** The refusals of a request's photos (too big, too many, wrong field) in the API's Spanish, naming `images`. */
@Catch(PayloadTooLargeException, BadRequestException)
@Injectable()
export class JobRequestUploadErrorsFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    sendUploadRefusal(host.switchToHttp().getResponse<FastifyReply>(), exception, this.config.uploads.maxBytes, {
      field: 'images',
      tooBig: (megabytes) => `Cada foto puede pesar hasta ${megabytes} MB`,
      wrongField: JOB_REQUEST_MESSAGES.tooManyImages,
    });
  }
}
