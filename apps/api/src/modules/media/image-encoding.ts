import sharp, { type Metadata } from 'sharp';
import { invalidInput } from '../../common/errors/app-errors';
import { sniffImage } from './image-sniffer';

export const NOT_AN_IMAGE = 'El archivo no es una imagen PNG, JPEG, GIF o WEBP';
export const ANIMATION_TOO_LARGE = 'La animación es demasiado grande: envía una más corta o más chica';

/** An accepted image, written again: what is stored and served, never the uploaded bytes. */
export interface EncodedImage {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  mime: string;
  image: Buffer;
}

const MIME: Record<EncodedImage['ext'], string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
/** The long side of a stored image (larger ones are scaled down) and of a thumbnail. */
const MAX_SIDE = 2048;
const THUMB_SIDE = 320;
/** Larger pictures are refused before being decoded (a tiny file can claim a huge canvas); for animations, all frames together. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Writing an animation again costs CPU by the frame: about 3 s for 16 M pixels here, so they are kept to this. */
const MAX_ANIMATION_PIXELS = 12_000_000;

const decode = (buffer: Buffer, animated: boolean) => sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();

/**
 * The image decoded and encoded again in its own format (the type sniffed from its content), so nothing of the upload
 * but its pixels survives: no metadata (a phone's photo carries where it was taken; a GIF its comment and application
 * extensions) and nothing appended after its end (an HTML page riding on a GIF). GIF and WebP animations stay animated.
 * Anything that does not decode is refused as not an image (`field` names it).
 */
export async function encodeImage(buffer: Buffer, field: string): Promise<EncodedImage> {
  const ext = sniffImage(buffer) as EncodedImage['ext'] | null;
  if (!ext) throw invalidInput([{ field, message: NOT_AN_IMAGE }]);
  const animated = ext === 'gif' || ext === 'webp';
  let frames: Metadata;
  try {
    frames = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, animated }).metadata();
  } catch {
    throw invalidInput([{ field, message: NOT_AN_IMAGE }]);
  }
  const pages = frames.pages ?? 1;
  if (pages > 1 && frames.width * (frames.pageHeight ?? frames.height) * pages > MAX_ANIMATION_PIXELS) {
    throw invalidInput([{ field, message: ANIMATION_TOO_LARGE }]);
  }
  try {
    const fitted = decode(buffer, animated).resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const image = await fitted.toFormat(ext === 'jpg' ? 'jpeg' : ext).toBuffer();
    return { ext, mime: MIME[ext], image };
  } catch {
    throw invalidInput([{ field, message: NOT_AN_IMAGE }]);
  }
}

/** A small WebP of an encoded image (its first frame). */
export function thumbnailOf(encoded: EncodedImage): Promise<Buffer> {
  return decode(encoded.image, false)
    .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}
