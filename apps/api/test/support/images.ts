import sharp from 'sharp';

/** Text hidden in the tampered images below: none of it may come back from the server. */
export const HIDDEN_COMMENT = 'comentario-oculto-GPS-34.6037S';
export const HIDDEN_APPLICATION = 'OFICIOSAPP1';
export const APPENDED_PAYLOAD = '<html><script>alert(document.cookie)</script></html>';

/** A real PNG (the server decodes every upload: a file that only starts like one is refused). */
export const smallPng = (width = 12, height = 8): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

/** A real animated GIF: `frames` frames of `width`×`height`, each its own colour, with their delays (ms), looping forever. */
export async function animatedGif(width = 40, height = 30, frames = 3): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let frame = 0; frame < frames; frame++) {
    for (let pixel = 0; pixel < width * height; pixel++) raw[(frame * width * height + pixel) * 3 + (frame % 3)] = 255;
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, (_, frame) => 100 * (frame + 1)), loop: 0 })
    .toBuffer();
}

/** A GIF extension block: its label and its data in sub-blocks of at most 255 bytes. */
function extension(label: number, header: Buffer, data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.subarray(at, at + 255);
    blocks.push(Buffer.from([block.length]), block);
  }
  return Buffer.concat([Buffer.from([0x21, label]), header, ...blocks, Buffer.from([0])]);
}

/**
 * The GIF with a comment extension and an application extension right after its header (and global colour table), and
 * an HTML/script payload after its trailer: still a GIF every decoder opens.
 */
export function tamperedGif(gif: Buffer): Buffer {
  const packed = gif[10];
  const globalTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const at = 13 + globalTable;
  const comment = extension(0xfe, Buffer.alloc(0), Buffer.from(HIDDEN_COMMENT));
  const application = extension(0xff, Buffer.concat([Buffer.from([11]), Buffer.from(HIDDEN_APPLICATION)]), Buffer.from('datos ocultos'));
  return Buffer.concat([gif.subarray(0, at), comment, application, gif.subarray(at), Buffer.from(APPENDED_PAYLOAD)]);
}

/** A real PNG with a text chunk (metadata) and a payload after its end. */
export async function tamperedPng(): Promise<Buffer> {
  const png = await sharp(await smallPng(12, 8))
    .withMetadata({ exif: { IFD0: { ImageDescription: HIDDEN_COMMENT } } })
    .toBuffer();
  return Buffer.concat([png, Buffer.from(APPENDED_PAYLOAD)]);
}

/** Whether the bytes still carry anything the tampering hid. */
export const carriesHidden = (bytes: Buffer) =>
  [HIDDEN_COMMENT, HIDDEN_APPLICATION, 'datos ocultos', '<script'].some((hidden) => bytes.includes(hidden));
