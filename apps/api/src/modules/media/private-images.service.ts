import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { encodeImage, thumbnailOf } from './image-encoding';

/** A stored private image: its file, its thumbnail's and the type it is served with. */
export interface StoredImage {
  file: string;
  thumbFile: string;
  mime: string;
}

const STORED_NAME = /^[0-9a-f-]{36}(?:-thumb)?\.(?:png|jpg|gif|webp)$/;

/**
 * Photos that only authorized routes serve (messages' photos): under UPLOADS' private folder, never at /uploads.
 * The same rules as public uploads (type sniffed from the content, size capped by the route's MultipartFiles limit,
 * written again by encodeImage), and a thumbnail each.
 */
@Injectable()
export class PrivateImagesService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Stores every image or none: the first one refused (`field` names it) removes those already written. */
  async storeAll(buffers: Buffer[], field: string): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const buffer of buffers) stored.push(await this.store(buffer, field));
      return stored;
    } catch (error) {
      await this.remove(stored);
      throw error;
    }
  }

  private async store(buffer: Buffer, field: string): Promise<StoredImage> {
    const encoded = await encodeImage(buffer, field);
    const thumb = await thumbnailOf(encoded);
    await mkdir(this.config.uploads.privateDir, { recursive: true });
    const name = randomUUID();
    const file = `${name}.${encoded.ext}`;
    const thumbFile = `${name}-thumb.webp`;
    await writeFile(join(this.config.uploads.privateDir, file), encoded.image, { flag: 'wx' });
    await writeFile(join(this.config.uploads.privateDir, thumbFile), thumb, { flag: 'wx' });
    return { file, thumbFile, mime: encoded.mime };
  }

  /** Deletes stored images (already gone is fine). */
  async remove(images: StoredImage[]): Promise<void> {
    for (const image of images) for (const file of [image.file, image.thumbFile]) await unlink(this.pathOf(file)).catch(() => undefined);
  }

  /** Where a stored file is; only names this service made (no path tricks). */
  pathOf(file: string): string {
    if (!STORED_NAME.test(file)) throw new Error(`Nombre de imagen privada inválido: ${file}`);
    return join(this.config.uploads.privateDir, file);
  }
}
