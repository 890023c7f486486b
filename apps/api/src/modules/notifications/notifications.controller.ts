import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The caller's latest in-app notifications (a professional's new paid jobs, a client's order changes). */
  @Get()
  @Access('cliente', 'profesional', 'administrador')
  mine(@CurrentUser() actor: SessionUserClaims) {
    return this.notifications.listFor(actor.id);
  }

  /** The caller has seen them all. */
  @Post('read')
  @HttpCode(204)
  @Access('cliente', 'profesional', 'administrador')
  async markRead(@CurrentUser() actor: SessionUserClaims): Promise<void> {
    await this.notifications.markAllRead(actor.id);
  }
}
