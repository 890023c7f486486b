import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MessagesQuery } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { ConversationsService } from './conversations.service';
import { MessagesQueryDto } from './dto/conversations.dto';

/** The administrators read reported conversations and those of disputed bookings (texts as written). */
@ApiTags('admin')
@Controller('api/admin/conversations')
export class AdminConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Access('administrador')
  list(@CurrentUser() actor: SessionUserClaims) {
    return this.conversations.reportedOrDisputed(actor);
  }

  @Get(':id/messages')
  @Access('administrador')
  messages(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Query() query: MessagesQueryDto) {
    return this.conversations.messages(actor, id, query as MessagesQuery);
  }
}
