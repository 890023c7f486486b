/**
 * A message's text is plain: markup is stripped (tags and comments; a lone `<` as in `<3` or `a < b` stays), line
 * breaks are kept (at most one blank line in a row), control characters go, and the ends are trimmed. Then it has
 * 1–2000 characters, or none at all when the message carries images.
 */

import { stripInvisibleFormatting } from '../text/input-hygiene';

export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_IMAGES_MAX = 5;

export const MESSAGE_TEXT_MESSAGES = {
  required: 'Escribe un mensaje',
  tooLong: `El mensaje puede tener hasta ${MESSAGE_TEXT_MAX} caracteres`,
  notText: 'El mensaje debe ser texto',
  tooManyImages: `Puedes adjuntar hasta ${MESSAGE_IMAGES_MAX} imágenes por mensaje`,
} as const;

/** `<tag ...>`, `</tag>`, `<!-- ... -->`, `<!DOCTYPE>`, `<?xml ?>`: what a browser would read as markup. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-zA-Z][^<>]*>|<[!?][^<>]*>/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The plain text of what a browser sent (before the length rule); invisible formatting goes as at the API's edge. */
export function plainMessageText(text: string): string {
  return stripInvisibleFormatting(text)
    .replace(/\r\n?/g, '\n')
    .replace(MARKUP, '')
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type MessageTextCheck = { ok: true; text: string } | { ok: false; message: string };

/** The text rule: plain, then 1–2000 characters (0 allowed when the message has images). */
export function checkMessageText(text: string, { hasImages = false } = {}): MessageTextCheck {
  const plain = plainMessageText(text);
  if (plain.length === 0 && !hasImages) return { ok: false, message: MESSAGE_TEXT_MESSAGES.required };
  if (plain.length > MESSAGE_TEXT_MAX) return { ok: false, message: MESSAGE_TEXT_MESSAGES.tooLong };
  return { ok: true, text: plain };
}
