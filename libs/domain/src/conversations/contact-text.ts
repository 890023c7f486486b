/**
 * The text of a message as contact masking reads it: the same message with the disguises people use to slip a phone
 * number or an address past a filter undone. Every character of it remembers the span of the written text it came
 * from, so what is found here is masked there and the rest of the message stays as written.
 */
export type ContactText = {
  /** The normalised text: only ever matched, never shown. */
  text: string;
  /** For each character of `text`, where its source starts and ends in the written text. */
  from: number[];
  to: number[];
};

/** The span of the written text that the normalised characters [start, end) came from. */
export function writtenSpan(contact: ContactText, start: number, end: number): [number, number] {
  return [contact.from[start], contact.to[end - 1]];
}

const DECIMAL_DIGIT = /\p{Nd}/u;
/** Accents and other combining marks, and invisible formatting (zero-width spaces, soft hyphens, direction marks). */
const MARK_OR_FORMAT = /[\p{M}\p{Cf}]/gu;

/**
 * The value of any Unicode decimal digit (Arabic-Indic, Devanagari, fullwidth...). Unicode assigns them only in runs
 * of ten from 0 to 9, one run after another, so the distance to the start of the run gives the value.
 */
function decimalValue(code: number): number {
  let zero = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return (code - zero) % 10;
}

/**
 * Each character folded on its own: every decimal digit to ASCII; compatibility forms to their plain letter (NFKD:
 * fullwidth `ｊｕａｎ＠ｇｍａｉｌ`, `﹫`, no-break spaces); accents and invisible characters dropped (`dieciséis` reads
 * `dieciseis`, a zero-width space inside a number disappears).
 */
function foldCharacters(written: string): ContactText {
  const folded: ContactText = { text: '', from: [], to: [] };
  let at = 0;
  for (const character of written) {
    const code = character.codePointAt(0) as number;
    const plain = DECIMAL_DIGIT.test(character) ? String(decimalValue(code)) : character.normalize('NFKD').replace(MARK_OR_FORMAT, '');
    for (const unit of plain) {
      folded.text += unit;
      folded.from.push(at);
      folded.to.push(at + character.length);
    }
    at += character.length;
  }
  return folded;
}

/** The text with each match of `pattern` replaced by `replace(match)` (null keeps it), every new character standing for the whole match. */
function rewrite(contact: ContactText, pattern: RegExp, replace: (match: RegExpExecArray) => string | null): ContactText {
  const result: ContactText = { text: '', from: [], to: [] };
  let kept = 0;
  const keep = (end: number) => {
    result.text += contact.text.slice(kept, end);
    result.from.push(...contact.from.slice(kept, end));
    result.to.push(...contact.to.slice(kept, end));
  };
  for (const match of contact.text.matchAll(pattern)) {
    const replacement = replace(match);
    if (replacement === null || replacement === match[0]) continue;
    const start = match.index;
    const end = start + match[0].length;
    keep(start);
    for (const unit of replacement) {
      result.text += unit;
      result.from.push(contact.from[start]);
      result.to.push(contact.to[end - 1]);
    }
    kept = end;
  }
  keep(contact.text.length);
  return result;
}

/** Numbers said in words, each list in order of value: the digits 0-9 in Spanish and English, 10-29, and the tens from 30. */
const DIGIT_WORDS = ['cero uno dos tres cuatro cinco seis siete ocho nueve', 'zero one two three four five six seven eight nine'];
const TEN_TO_TWENTY_NINE =
  'diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidos veintitres ' +
  'veinticuatro veinticinco veintiseis veintisiete veintiocho veintinueve';
const TENS = 'treinta cuarenta cincuenta sesenta setenta ochenta noventa';
const VALUE_OF_WORD = new Map<string, number>([
  ...DIGIT_WORDS.flatMap((words) => words.split(' ').map((word, value) => [word, value] as const)),
  ...TEN_TO_TWENTY_NINE.split(' ').map((word, index) => [word, 10 + index] as const),
  ...TENS.split(' ').map((word, index) => [word, 30 + 10 * index] as const),
]);
const oneOf = (words: string) => `(?:${words.replaceAll(' ', '|')})`;
const DIGIT_WORD = oneOf(DIGIT_WORDS.join(' '));
const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_LETTER_AFTER = '(?![\\p{L}\\p{N}])';
/** `cinco`, `once`, `veintidós`, `cincuenta y cinco`, `five`: a number said in words, as in a dictated phone. */
const NUMBER_WORD = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${oneOf(TENS)}(?:\\s+y\\s+${oneOf(DIGIT_WORDS[0])})?|${oneOf(TEN_TO_TWENTY_NINE)}|${DIGIT_WORD})${NOT_LETTER_AFTER}`,
  'giu',
);
/** A comma between two digits said one by one (`uno uno, cinco cinco`) is part of the dictation, not a list of days. */
const COMMA_BETWEEN_DIGIT_WORDS = new RegExp(
  `(?<=${NOT_LETTER_BEFORE}${DIGIT_WORD})\\s*[,;]\\s*(?=${DIGIT_WORD}${NOT_LETTER_AFTER})`,
  'giu',
);

function numberWordValue([said]: RegExpExecArray): string {
  const [tens, unit] = said.toLowerCase().split(/\s+y\s+/);
  return String((VALUE_OF_WORD.get(tens) as number) + (unit === undefined ? 0 : (VALUE_OF_WORD.get(unit) as number)));
}

/** A word made only of digits and the letters that look like them (`5O55`, `l234`, `55oo`): the letters are digits. */
const DIGITS_WITH_LOOK_ALIKES = /(?<![\p{L}\p{N}])(?=[OoIl]*\d)(?=\d*[OoIl])[\dOoIl]+(?![\p{L}\p{N}])/gu;
const LOOK_ALIKE_DIGIT: Record<string, string> = { O: '0', o: '0', I: '1', l: '1' };

export function contactText(written: string): ContactText {
  let contact = foldCharacters(written);
  contact = rewrite(contact, COMMA_BETWEEN_DIGIT_WORDS, () => ' ');
  contact = rewrite(contact, NUMBER_WORD, numberWordValue);
  contact = rewrite(contact, DIGITS_WITH_LOOK_ALIKES, ([word]) => word.replace(/[OoIl]/g, (letter) => LOOK_ALIKE_DIGIT[letter]));
  return contact;
}
