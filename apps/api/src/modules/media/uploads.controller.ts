import { Controller, Post, Req, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { MultipartFiles, UploadedImage, type UploadedFileData } from './multipart-files.interceptor';
import { UploadErrorsFilter } from './upload-errors.filter';
import { UploadsService } from './uploads.service';

/** Profile pictures (registration happens before there is a session, so it is public and rate-limited). */
@ApiTags('media')
@Controller('home/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post()
  @Access('public')
  // One image in `file`, at most UPLOAD_MAX_BYTES: reading stops beyond that (413).
  @UseInterceptors(MultipartFiles('file', 1))
  @UseFilters(UploadErrorsFilter)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ description: '{url, secure_url}' })
  @ApiPayloadTooLargeResponse()
  upload(@UploadedImage() file: UploadedFileData | undefined, @Req() req: FastifyRequest) {
    return this.uploads.storeImage(file, req.ip ?? 'unknown');
  }
}
