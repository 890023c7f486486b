import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { UploadAnswer } from '@oficios/domain';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PublicAssetUrls } from '../../common/assets/public-asset-urls';
import { apiError, invalidInput } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { encodeImage } from './image-encoding';
import type { UploadedFileData } from './multipart-files.interceptor';

const UPLOADS_PER_HOUR = 30;

/** Stores profile pictures under UPLOADS_DIR, served back at /uploads: written again by encodeImage, never as uploaded. */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly assets: PublicAssetUrls,
  ) {}

  async storeImage(file: UploadedFileData | undefined, ip: string): Promise<UploadAnswer> {
    if (!file) throw invalidInput([{ field: 'file', message: 'Adjunta una imagen en el campo file' }]);
    if ((await this.limiter.hit(`upload:${ip}`, 3600)) > UPLOADS_PER_HOUR) {
      throw apiError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Demasiadas imágenes subidas. Intenta más tarde.');
    }
    const encoded = await encodeImage(file.buffer, 'file');
    await mkdir(this.config.uploads.dir, { recursive: true });
    const name = `${randomUUID()}.${encoded.ext}`;
    await writeFile(join(this.config.uploads.dir, name), encoded.image, { flag: 'wx' });
    // Stored by accounts as its path (an absolute address of ours given back is stored relative).
    const url = this.assets.url(`/uploads/${name}`);
    return { url, secure_url: url };
  }
}
