import {
  BadRequestException,
  createParamDecorator,
  HttpException,
  Inject,
  Injectable,
  mixin,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { cleanInputInPlace } from '@oficios/domain';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { invalidInput } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** A file read from a multipart body, whole, in memory (images of at most UPLOAD_MAX_BYTES). */
export interface UploadedFileData {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

type MultipartRequest = FastifyRequest & { uploadedFiles?: UploadedFileData[] };

/** @fastify/multipart's code for a file over `fileSize`. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a multipart body for a route before its pipes run: up to `maxFiles` files of the field `field`, each at most
 * UPLOAD_MAX_BYTES, and up to 5 text fields, which become the body (cleaned as every other input). The handler reads
 * the files with `@UploadedImages()` (or the one with `@UploadedImage()`). A file over the size gives
 * PayloadTooLargeException; another field, too many files or a malformed body give BadRequestException (the route's
 * filter words them). A body that is not multipart passes untouched (JSON, for a message without photos).
 */
export function MultipartFiles(field: string, maxFiles: number): Type<NestInterceptor> {
  @Injectable()
  class MultipartFilesInterceptor implements NestInterceptor {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<MultipartRequest>();
      if (req.isMultipart()) {
        const { fields, files } = await this.read(req);
        const { problem } = cleanInputInPlace(fields, 'body');
        if (problem) throw invalidInput([problem]);
        req.body = fields;
        req.uploadedFiles = files;
      }
      return next.handle();
    }

    private async read(req: MultipartRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFileData[] }> {
      const fields: Record<string, unknown> = {};
      const files: UploadedFileData[] = [];
      const limits = { fileSize: this.config.uploads.maxBytes, files: maxFiles, fields: 5, parts: maxFiles + 5 };
      try {
        for await (const part of req.parts({ limits })) {
          if (part.type === 'field') {
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== field) throw new BadRequestException(`Unexpected field ${part.fieldname}`);
          const buffer = await part.toBuffer();
          files.push({ fieldname: part.fieldname, originalname: part.filename, mimetype: part.mimetype, size: buffer.length, buffer });
        }
      } catch (error) {
        if (error instanceof HttpException) throw error;
        const message = error instanceof Error ? error.message : String(error);
        // Anything else is the body's fault: a limit of count reached, a malformed or truncated form.
        if ((error as { code?: unknown }).code === FILE_TOO_LARGE) throw new PayloadTooLargeException(message);
        throw new BadRequestException(message);
      }
      return { fields, files };
    }
  }
  return mixin(MultipartFilesInterceptor);
}

/** The files MultipartFiles read (none when the body was not multipart). */
export const UploadedImages = createParamDecorator(
  (_: unknown, context: ExecutionContext): UploadedFileData[] => context.switchToHttp().getRequest<MultipartRequest>().uploadedFiles ?? [],
);

/** The one file of a single-file route, if any. */
export const UploadedImage = createParamDecorator(
  (_: unknown, context: ExecutionContext): UploadedFileData | undefined =>
    context.switchToHttp().getRequest<MultipartRequest>().uploadedFiles?.[0],
);
