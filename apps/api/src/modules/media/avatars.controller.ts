import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Header, Param } from '@nestjs/common';
import { notFound } from '../../common/errors/app-errors';
import { ApiExcludeController } from '@nestjs/swagger';
import { parseAvatarName, renderAvatarSvg } from './avatar-svg';

/** Seeded profile pictures, generated on request so no image host is needed. */
@ApiExcludeController()
@Access('public')
@Controller('avatars')
export class AvatarsController {
  @Get(':file')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  avatar(@Param('file') file: string): string {
    const avatar = parseAvatarName(file);
    if (!avatar) throw notFound('Imagen no encontrada');
    return renderAvatarSvg(avatar.initials, avatar.hue);
  }
}
