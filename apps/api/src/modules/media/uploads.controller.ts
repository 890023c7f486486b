import { Controller, Post, Req, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Access } from '../../common/auth/access.decorator';
import { UploadErrorsFilter } from './upload-errors.filter';
import { UploadsService } from './uploads.service';

/** Profile pictures (registration happens before there is a session, so it is public and rate-limited). */
@ApiTags('media')
@Controller('home/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post()
  @Access('public')
  // The size limit comes from MulterModule's options (media.module.ts), read from the app's configuration.
  @UseInterceptors(FileInterceptor('file'))
  @UseFilters(UploadErrorsFilter)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ description: '{url, secure_url}' })
  @ApiPayloadTooLargeResponse()
  upload(@UploadedFile() file: Express.Multer.File | undefined, @Req() req: Request) {
    return this.uploads.storeImage(file, req.ip ?? 'unknown');
  }
}
