import { Module } from '@nestjs/common';
import { AvatarsController } from './avatars.controller';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

@Module({ controllers: [AvatarsController, UploadsController], providers: [UploadsService] })
export class MediaModule {}
