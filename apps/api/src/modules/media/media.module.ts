import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { IdentityModule } from '../identity';
import { AvatarsController } from './avatars.controller';
import { PrivateImagesService } from './private-images.service';
import { PruneOrphanUploadsJob } from './prune-orphan-uploads.job';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

@Module({
  imports: [
    // Which uploads profile pictures still point to (the orphan clean-up).
    IdentityModule,
    // One image per request, at most UPLOAD_MAX_BYTES: multer stops reading beyond that (413).
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.uploads.maxBytes, files: 1 } }),
    }),
  ],
  controllers: [AvatarsController, UploadsController],
  providers: [UploadsService, PruneOrphanUploadsJob, PrivateImagesService],
  exports: [PrivateImagesService],
})
export class MediaModule {}
