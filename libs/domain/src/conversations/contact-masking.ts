/**
 * Until a client has a paid booking with a professional, the e-mail addresses and phone numbers written in their
 * conversation are hidden from both sides (marketplaces do it to keep the deal on the platform). The texts are stored
 * as written; this rule is applied when a message is read, so they show in full once the booking is paid.
 */

export const MASKED_EMAIL = '[correo oculto]';
export const MASKED_PHONE = '[teléfono oculto]';

/** A phone number has at least this many digits (an Argentine landline without its area code has 8). */
export const PHONE_MIN_DIGITS = 8;

const WORD = '[\\p{L}\\p{N}_%+-]';
/** `nombre@dominio.com`, `nombre@dominio`, and the same with a space around `@` or the dots. */
const EMAIL = new RegExp(`${WORD}+(?:\\.${WORD}+)*\\s?@\\s?[\\p{L}\\p{N}-]+(?:\\s?\\.\\s?[\\p{L}\\p{N}-]+)*`, 'gu');
/** Spelled out: `nombre arroba dominio punto com`, `nombre (arroba) dominio.com`, `nombre [at] dominio.com`. */
const SPELLED_EMAIL = new RegExp(
  `${WORD}+(?:\\.${WORD}+)*\\s*(?:\\(\\s*(?:arroba|at)\\s*\\)|\\[\\s*(?:arroba|at)\\s*\\]|\\barroba\\b)\\s*[\\p{L}\\p{N}-]+` +
    `(?:(?:\\s*\\.\\s*|\\s+(?:punto|dot)\\s+|\\s*\\(\\s*(?:punto|dot)\\s*\\)\\s*)[\\p{L}\\p{N}-]+)*`,
  'giu',
);
/**
 * A run of digits joined by what people put inside phone numbers (spaces, dashes, dots, brackets), possibly with a
 * leading `+`: `11 5555-1234`, `+54 9 11 5555-1234`, `(011) 4555-1234`, `0221 15-555-1234`. Not after a letter,
 * digit or `$`; slashes, colons and commas end it, so `7/12`, `10:30` and `$ 1.500,50` stay apart.
 */
const PHONE_CANDIDATE = /(?<![\p{L}\p{N}$])(?:\+\s?)?\(?\d(?:[ \t().-]{0,3}\d)*/gu;
/** A price or quantity written with thousands separators: `12.000`, `15.000.000`. */
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;
/** A date with dashes or dots: `12-07-2025`, `1.8.24`. */
const DATE = /^\d{1,2}([-.])\d{1,2}\1(?:\d{2}|\d{4})$/;
const PRICE_BEFORE = /\$\s*$/;

function isPhone(candidate: string, before: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS) return false;
  if (THOUSANDS.test(candidate) || DATE.test(candidate)) return false;
  return !PRICE_BEFORE.test(before);
}

/** The text with every e-mail address and phone number replaced by MASKED_EMAIL / MASKED_PHONE. */
export function maskContacts(text: string): string {
  const withoutEmails = text.replace(EMAIL, MASKED_EMAIL).replace(SPELLED_EMAIL, MASKED_EMAIL);
  return withoutEmails.replace(PHONE_CANDIDATE, (candidate: string, offset: number, whole: string) => {
    // A bracket opened before the first digit belongs to the number only when it is closed inside it: `(11 5555-1234)`.
    const open = candidate.startsWith('(') && !candidate.includes(')') ? '(' : '';
    const number = candidate.slice(open.length);
    return isPhone(number, whole.slice(Math.max(0, offset - 3), offset)) ? open + MASKED_PHONE : candidate;
  });
}

/** Whether the text has anything maskContacts would hide. */
export function hasContacts(text: string): boolean {
  return maskContacts(text) !== text;
}
