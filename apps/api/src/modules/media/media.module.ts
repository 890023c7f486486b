import { Module } from '@nestjs/common';
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
  ],
  controllers: [AvatarsController, UploadsController],
  providers: [UploadsService, PruneOrphanUploadsJob, PrivateImagesService],
  exports: [PrivateImagesService],
})
export class MediaModule {}
