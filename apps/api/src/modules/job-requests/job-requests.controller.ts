import { Controller, Get, Param, Post, Res, StreamableFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { JOB_REQUEST_IMAGES_MAX, JOB_REQUEST_MESSAGES } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { MultipartFiles, UploadedImages, UploadRefusalsFilter, type UploadedFileData } from '../media';
import { JobRequestsService } from './job-requests.service';

/** The refusals of a request's photos (too big, too many, wrong field) in the API's Spanish, naming `images`. */
const JobRequestUploadErrorsFilter = UploadRefusalsFilter({
  field: 'images',
  tooBig: (megabytes) => `Cada foto puede pesar hasta ${megabytes} MB`,
  wrongField: JOB_REQUEST_MESSAGES.tooManyImages,
});

/** The job requests' photos: uploaded by the client while writing the request, served only to who may see them. */
@ApiTags('job-requests')
@Controller('api/job-requests/images')
export class JobRequestsController {
  constructor(private readonly requests: JobRequestsService) {}

  @Post()
  @Access('cliente')
  @UseInterceptors(MultipartFiles('images', JOB_REQUEST_IMAGES_MAX))
  @UseFilters(JobRequestUploadErrorsFilter)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { images: { type: 'array', maxItems: JOB_REQUEST_IMAGES_MAX, items: { type: 'string', format: 'binary' } } },
    },
  })
  upload(@CurrentUser() actor: SessionUserClaims, @UploadedImages() files: UploadedFileData[]) {
    return this.requests.upload(actor, files);
  }

  @Get(':imageId')
  @Access('cliente', 'profesional', 'administrador')
  @ApiForbiddenResponse({ description: 'neither its client, a professional booked with it, nor an administrator' })
  image(
    @CurrentUser() actor: SessionUserClaims,
    @Param('imageId', idParam('imageId')) imageId: number,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.send(actor, imageId, 'full', res);
  }

  @Get(':imageId/thumb')
  @Access('cliente', 'profesional', 'administrador')
  thumb(
    @CurrentUser() actor: SessionUserClaims,
    @Param('imageId', idParam('imageId')) imageId: number,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.send(actor, imageId, 'thumb', res);
  }

  private async send(actor: SessionUserClaims, imageId: number, variant: 'full' | 'thumb', res: FastifyReply): Promise<StreamableFile> {
    const { path, mime } = await this.requests.image(actor, imageId, variant);
    // Only this browser may keep it: never a shared cache.
    res.header('Cache-Control', 'private, max-age=3600');
    return new StreamableFile(createReadStream(path), { type: mime });
  }
}
