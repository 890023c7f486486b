import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { invalidInput } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { sniffImage } from './image-sniffer';

/** A stored private image: its file, its thumbnail's and the type it is served with. */
export interface StoredImage {
  file: string;
  thumbFile: string;
  mime: string;
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
/** The long side of a stored photo (larger ones are scaled down) and of its thumbnail. */
const MAX_SIDE = 2048;
const THUMB_SIDE = 320;
/** Larger pictures are refused before being decoded (a tiny file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
const STORED_NAME = /^[0-9a-f-]{36}(?:-thumb)?\.(?:png|jpg|gif|webp)$/;

export const NOT_AN_IMAGE = 'El archivo no es una imagen PNG, JPEG, GIF o WEBP';

/**
 * Photos that only authorized routes serve (messages' photos): under UPLOADS' private folder, never at /uploads.
 * The same rules as public uploads (type sniffed from the content, size capped by the route's MultipartFiles limit), then
 * re-encoded without their metadata (a phone's photo carries where it was taken) and given a thumbnail.
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
    const ext = sniffImage(buffer);
    if (!ext) throw invalidInput([{ field, message: NOT_AN_IMAGE }]);
    const name = randomUUID();
    let image: Buffer;
    let thumb: Buffer;
    try {
      const source = () => sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
      const fitted = source().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      image = ext === 'gif' ? buffer : await fitted.toFormat(ext === 'jpg' ? 'jpeg' : (ext as 'png' | 'webp')).toBuffer();
      thumb = await source().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    } catch {
      throw invalidInput([{ field, message: NOT_AN_IMAGE }]);
    }
    await mkdir(this.config.uploads.privateDir, { recursive: true });
    const file = `${name}.${ext}`;
    const thumbFile = `${name}-thumb.webp`;
    await writeFile(join(this.config.uploads.privateDir, file), image, { flag: 'wx' });
    await writeFile(join(this.config.uploads.privateDir, thumbFile), thumb, { flag: 'wx' });
    return { file, thumbFile, mime: MIME[ext] };
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
