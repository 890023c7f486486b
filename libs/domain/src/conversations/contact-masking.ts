import { contactText, writtenSpan, type ContactText } from './contact-text';

/**
 * Until a client has a paid booking with a professional, the e-mail addresses and phone numbers written in their
 * conversation are hidden from both sides (marketplaces do it to keep the deal on the platform). The texts are stored
 * as written; this rule is applied when a message is read, so they show in full once the booking is paid.
 * The rule reads the message with its disguises undone (`contact-text.ts`: other digits, look-alike letters, numbers
 * in words) and hides the written span each contact came from, so the rest of the message reads as it was written.
 */

export const MASKED_EMAIL = '[correo oculto]';
export const MASKED_PHONE = '[teléfono oculto]';

/** A phone number has at least this many digits (an Argentine landline without its area code has 8). */
export const PHONE_MIN_DIGITS = 8;

const WORD = '[\\p{L}\\p{N}_%+-]';
const LABEL = '[\\p{L}\\p{N}-]+';
const OPEN = '[(\\[{<]';
const CLOSE = '[)\\]}>]';
const BOUNDED = (word: string) => `(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`;
/** The endings people spell after "punto": only these may follow a spaced dot, so `mail.com. Mañana` keeps `Mañana`. */
const TOP_LEVEL = BOUNDED(
  '(?:com|net|org|edu|gob|gov|mil|int|info|biz|io|co|me|app|dev|tv|online|site|xyz|ar|uy|cl|br|py|bo|pe|mx|es|us|uk)',
);
/** `.` (or `(punto)`, `[dot]`) between two parts of an address, or spaced / spelled before a top-level domain. */
const DOT = `(?:\\.|\\s*${OPEN}\\s*(?:\\.|punto|dot)\\s*${CLOSE}\\s*)${LABEL}|(?:\\s*\\.\\s*|\\s+(?:punto|dot)\\s+)${TOP_LEVEL}`;
/**
 * `juan.perez`, `juan punto perez`; tried only where such a name can start (not inside a word or after one of its
 * dots), else every letter of a long message is tried as a start.
 */
const LOCAL_PART = `(?<!${WORD}|${WORD}(?:\\.|\\s+(?:punto|dot)\\s+))${WORD}+(?:(?:\\.|\\s+(?:punto|dot)\\s+|\\s*${OPEN}\\s*(?:\\.|punto|dot)\\s*${CLOSE}\\s*)${WORD}+)*`;
/** `@` with or without spaces, `(arroba)`, `[at]`, `arroba`: as sure as an `@`, so `nombre arroba dominio` is enough. */
const AT = `\\s*(?:@|${OPEN}\\s*(?:@|arroba|at)\\s*${CLOSE})\\s*|\\s*${BOUNDED('arroba')}\\s*`;
const EMAIL = new RegExp(`${LOCAL_PART}(?:${AT})${LABEL}(?:${DOT})*`, 'giu');
/** A bare `at` is also an English word: it counts only before a domain with a dot (`juan at gmail dot com`). */
const EMAIL_WITH_BARE_AT = new RegExp(`${LOCAL_PART}\\s+at\\s+${LABEL}(?:${DOT})+`, 'giu');

/**
 * What people put between the digits of a phone number: spaces, dashes, dots, brackets, slashes, underscores, bars, and
 * commas not followed by a space (`11,5555,1234`; `12, 13, 14` is a list).
 */
const SEPARATOR = '(?:[ \\t().\\-/_|~*·•‐‑‒–—―−]|,(?!\\s))';
/**
 * A run of digits joined by up to four separators, possibly with a leading `+`: `11 5555-1234`, `+54 9 11 5555-1234`,
 * `(011) 4555-1234`, `11 -- 5555 -- 1234`. Not after a letter, digit or `$`; colons end it, so `10:30` stays apart.
 */
const PHONE_CANDIDATE = new RegExp(`(?<![\\p{L}\\p{N}$])(?:\\+\\s?)?\\(?\\d(?:${SEPARATOR}{0,4}\\d)*`, 'gu');
/** A date inside a run (`12/05/2026 10`, `12/05/2026,13/05/2026`): the digits on either side are not one number with it. */
const DATE_IN_RUN = /(?<!\d)(\d{1,2})\s?([/.-])\s?(\d{1,2})(?:\s?\2\s?(\d{4}|\d{2}))?(?!\d)/g;
/** A date written year first (`2026-05-12`, as the app writes them). */
const YEAR_FIRST_DATE_IN_RUN = /(?<![\d./-])(?:19|20)\d{2}([/.-])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?![\d./-])/g;
/** A decimal with a comma inside a run (`1,20 2,40 3,60`): measures, not a phone (dots always joined phones: `11 55.55 12.34`). */
const DECIMAL_IN_RUN = /(?<![\d.,])\d{1,3},\d{1,2}(?![\d.,])/g;
/** A price or quantity written with thousands separators: `12.000`, `15.000.000`, `1.500.000,00`, `15,000,000`. */
const THOUSANDS = /^(?:\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?)$/;
const PRICE_BEFORE = /\$\s*$/;

function isDate(match: RegExpMatchArray, run: string): boolean {
  const [whole, first, separator, second, year] = match;
  const [a, b] = [Number(first), Number(second)];
  const dayAndMonth = (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31);
  const start = match.index as number;
  // `12-12` inside `11-4555-12-12` is the end of a phone: a date is not continued by its own separator.
  const continued = run[start - 1] === separator || run[start + whole.length] === separator;
  if (!dayAndMonth || continued) return false;
  if (year === undefined) return separator === '/';
  return year.length === 2 || (Number(year) >= 1900 && Number(year) <= 2099);
}

/** The parts of a run left once its dates and decimals are taken out, as [start, end) inside the run. */
function partsOf(run: string): [number, number][] {
  const apart = [...run.matchAll(DATE_IN_RUN)].filter((match) => isDate(match, run));
  apart.push(...run.matchAll(YEAR_FIRST_DATE_IN_RUN), ...run.matchAll(DECIMAL_IN_RUN));
  apart.sort((a, b) => (a.index as number) - (b.index as number));
  const parts: [number, number][] = [];
  let start = 0;
  for (const match of apart) {
    const at = match.index as number;
    if (at < start) continue;
    parts.push([start, at]);
    start = at + match[0].length;
  }
  parts.push([start, run.length]);
  return parts;
}

function isPhone(number: string, before: string): boolean {
  const groups = number.match(/\d+/g) ?? [];
  if (groups.join('').length < PHONE_MIN_DIGITS) return false;
  if (THOUSANDS.test(number) || PRICE_BEFORE.test(before)) return false;
  // `150000 - 200000`, `15000/20000`: a range of round amounts.
  return !(groups.length > 1 && groups.every((group) => group.length >= 4 && group.endsWith('000')));
}

type Found = { start: number; end: number; mask: string };

/** The e-mail addresses of the normalised text, which is left with them blanked out so no phone is found inside one. */
function takeEmails(contact: ContactText): Found[] {
  const found: Found[] = [];
  for (const pattern of [EMAIL, EMAIL_WITH_BARE_AT]) {
    for (const match of contact.text.matchAll(pattern)) {
      found.push({ start: match.index, end: match.index + match[0].length, mask: MASKED_EMAIL });
    }
    for (const { start, end } of found) contact.text = contact.text.slice(0, start) + '#'.repeat(end - start) + contact.text.slice(end);
  }
  return found;
}

function phones(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    // A bracket opened before the first digit belongs to the number only when it is closed inside it: `(11 5555-1234)`.
    const open = match[0].startsWith('(') && !match[0].includes(')') ? 1 : 0;
    const runStart = match.index + open;
    const run = match[0].slice(open);
    for (const [partStart, partEnd] of partsOf(run)) {
      const part = run.slice(partStart, partEnd);
      const first = partStart === 0 ? 0 : part.search(/\d/);
      const last = part.search(/\d[^\d]*$/);
      if (first < 0 || last < 0) continue;
      const start = runStart + partStart + first;
      const number = part.slice(first, last + 1);
      if (isPhone(number, text.slice(Math.max(0, start - 3), start))) found.push({ start, end: start + number.length, mask: MASKED_PHONE });
    }
  }
  return found;
}

/** The text with every e-mail address and phone number replaced by MASKED_EMAIL / MASKED_PHONE. */
export function maskContacts(text: string): string {
  const contact = contactText(text);
  const found = [...takeEmails(contact), ...phones(contact.text)].sort((a, b) => a.start - b.start);
  let masked = '';
  let kept = 0;
  for (const { start, end, mask } of found) {
    const [from, to] = writtenSpan(contact, start, end);
    if (from < kept) continue;
    masked += text.slice(kept, from) + mask;
    kept = to;
  }
  return masked + text.slice(kept);
}

/** Whether the text has anything maskContacts would hide. */
export function hasContacts(text: string): boolean {
  return maskContacts(text) !== text;
}
