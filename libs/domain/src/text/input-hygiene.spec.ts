import { cleanInputInPlace, hasControlCharacters, MAX_INPUT_DEPTH, stripInvisibleFormatting } from './input-hygiene';

describe('hasControlCharacters', () => {
  it.each(['\u0000', 'a\u0007b', '\u001B[31m', '\u007F', '\u0085', '\u009F', '\u000B', '\u000C'])('finds %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each(['Calle 9\n\tDepto B\r\n', 'Ñandú — ¿qué tal?', '👨‍🔧', ''])('lets real text through: %j', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});

describe('stripInvisibleFormatting', () => {
  it('removes direction overrides, isolates, marks and zero-width characters', () => {
    expect(stripInvisibleFormatting('Juan\u202Eetoh\u202C')).toBe('Juanetoh');
    expect(stripInvisibleFormatting('\u2066a\u2067b\u2068c\u2069')).toBe('abc');
    expect(stripInvisibleFormatting('a\u200Bb\u200Cc\u200Dd\u200Ee\u200Ff')).toBe('abcdef');
  });

  it('keeps every other character', () => {
    expect(stripInvisibleFormatting('Gómez Ñ 12 €')).toBe('Gómez Ñ 12 €');
  });
});

describe('cleanInputInPlace', () => {
  it('strips invisible formatting from every string of a body, in place', () => {
    const body = { firstName: 'A\u202Ena', tags: ['x\u200B', { note: 'y\u2066' }], count: 3, ok: true, none: null };
    expect(cleanInputInPlace(body, 'body')).toEqual({ value: body, problem: null });
    expect(body).toEqual({ firstName: 'Ana', tags: ['x', { note: 'y' }], count: 3, ok: true, none: null });
  });

  it('never rewrites secrets, at any depth', () => {
    const body = { password: 'a\u200Bb', currentPassword: 'c\u200Bd', token: 'e\u200Bf', nested: { newPassword: ['g\u200Bh'] } };
    cleanInputInPlace(body, 'body');
    expect(body).toEqual({ password: 'a\u200Bb', currentPassword: 'c\u200Bd', token: 'e\u200Bf', nested: { newPassword: ['g\u200Bh'] } });
  });

  it('names the first field with a control character by its path', () => {
    expect(cleanInputInPlace({ a: 'ok', b: { c: ['ok', 'x\u0000'] } }, 'body').problem).toEqual({
      field: 'b.c[1]',
      message: 'b.c[1] contiene caracteres de control no permitidos',
    });
    expect(cleanInputInPlace({ professions: ['plomero', 'gas\u0007'] }, 'query').problem?.field).toBe('professions[1]');
    expect(cleanInputInPlace({ password: 'x\u0000' }, 'body').problem?.field).toBe('password');
  });

  it('refuses a control character in a key as the whole input', () => {
    expect(cleanInputInPlace({ ['a\u0000b']: 'x' }, 'body').problem?.field).toBe('body');
  });

  it('checks a lone string under its own name', () => {
    expect(cleanInputInPlace('1\u0000', 'path').problem?.field).toBe('path');
    expect(cleanInputInPlace('a\u200Bb', 'path')).toEqual({ value: 'ab', problem: null });
  });

  it('keeps a JSON "__proto__" key an own property', () => {
    const body = JSON.parse('{"__proto__": "x\u200B"}') as Record<string, unknown>;
    cleanInputInPlace(body, 'body');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toBe('x');
  });

  it('refuses input nested deeper than any form sends', () => {
    let deep: unknown = 'x';
    for (let i = 0; i <= MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(cleanInputInPlace(deep, 'body').problem?.message).toBe('body está anidado demasiado profundo');
  });
});
