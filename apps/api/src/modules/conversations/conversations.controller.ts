import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiForbiddenResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { MESSAGE_IMAGES_MAX, type MessagesQuery, type OpenConversation } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { MultipartFiles, UploadedImages, UploadRefusalsFilter, type UploadedFileData } from '../media';
import { ConversationsService } from './conversations.service';
import { MessagesQueryDto, OpenConversationDto, PostMessageDto, ReadConversationDto, ReportConversationDto } from './dto/conversations.dto';

/** The refusals of a message's photos (too big, too many, wrong field) in the API's Spanish, naming `images`. */
const MessageUploadErrorsFilter = UploadRefusalsFilter({
  field: 'images',
  tooBig: (megabytes) => `Cada imagen puede pesar hasta ${megabytes} MB`,
  wrongField: `Adjunta hasta ${MESSAGE_IMAGES_MAX} imágenes en el campo images`,
});

/** Conversations between clients and professionals; HTTP posts, the socket delivers. */
@ApiTags('conversations')
@Controller('api/conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Post()
  @Access('cliente', 'profesional')
  @ApiForbiddenResponse({ description: 'an inquiry by a non-client, or a booking of someone else' })
  async open(@CurrentUser() actor: SessionUserClaims, @Body() body: OpenConversationDto, @Res({ passthrough: true }) res: FastifyReply) {
    const { view, created } = await this.conversations.open(actor, body as OpenConversation);
    res.code(created ? 201 : 200);
    return view;
  }

  @Get()
  @Access('cliente', 'profesional', 'administrador')
  list(@CurrentUser() actor: SessionUserClaims) {
    return this.conversations.list(actor);
  }

  @Get('unread')
  @Access('cliente', 'profesional', 'administrador')
  unread(@CurrentUser() actor: SessionUserClaims) {
    return this.conversations.unread(actor);
  }

  @Get('images/:imageId')
  @Access('cliente', 'profesional', 'administrador')
  image(
    @CurrentUser() actor: SessionUserClaims,
    @Param('imageId', idParam('imageId')) imageId: number,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.sendImage(actor, imageId, 'full', res);
  }

  @Get('images/:imageId/thumb')
  @Access('cliente', 'profesional', 'administrador')
  thumb(
    @CurrentUser() actor: SessionUserClaims,
    @Param('imageId', idParam('imageId')) imageId: number,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.sendImage(actor, imageId, 'thumb', res);
  }

  private async sendImage(
    actor: SessionUserClaims,
    imageId: number,
    variant: 'full' | 'thumb',
    res: FastifyReply,
  ): Promise<StreamableFile> {
    const { path, mime } = await this.conversations.image(actor, imageId, variant);
    // Only this browser may keep it: never a shared cache.
    res.header('Cache-Control', 'private, max-age=3600');
    return new StreamableFile(createReadStream(path), { type: mime });
  }

  @Get(':id')
  @Access('cliente', 'profesional', 'administrador')
  get(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.conversations.get(actor, id);
  }

  @Get(':id/messages')
  @Access('cliente', 'profesional', 'administrador')
  messages(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Query() query: MessagesQueryDto) {
    return this.conversations.messages(actor, id, query as MessagesQuery);
  }

  @Post(':id/messages')
  @Access('cliente', 'profesional')
  // Up to 5 photos in `images`, each at most UPLOAD_MAX_BYTES: reading stops beyond that.
  @UseInterceptors(MultipartFiles('images', MESSAGE_IMAGES_MAX))
  @UseFilters(MessageUploadErrorsFilter)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        text: { type: 'string', maxLength: 2000 },
        images: { type: 'array', maxItems: MESSAGE_IMAGES_MAX, items: { type: 'string', format: 'binary' } },
      },
    },
  })
  @ApiTooManyRequestsResponse({ description: 'MESSAGE_RATE_LIMIT reached' })
  post(
    @CurrentUser() actor: SessionUserClaims,
    @Param('id', idParam()) id: number,
    @Body() body: PostMessageDto,
    @UploadedImages() files: UploadedFileData[],
  ) {
    return this.conversations.post(actor, id, body.text, files);
  }

  @Post(':id/read')
  @Access('cliente', 'profesional')
  @HttpCode(200)
  read(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: ReadConversationDto) {
    return this.conversations.read(actor, id, body.upTo);
  }

  @Post(':id/report')
  @Access('cliente', 'profesional')
  report(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: ReportConversationDto) {
    return this.conversations.report(actor, id, body.reason);
  }
}
