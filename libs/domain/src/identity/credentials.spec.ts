import { z } from 'zod';
import { parseWith } from '../validation/field-errors';
import { changesCredentials, newPasswordSchema } from './credentials';
import { REGISTRATION_MESSAGES } from './registration';

describe('changesCredentials', () => {
  it('is true for another e-mail or a new password', () => {
    expect(changesCredentials({ email: 'nueva@x.test' }, 'ana@x.test')).toBe(true);
    expect(changesCredentials({ password: 'nueva-clave' }, 'ana@x.test')).toBe(true);
  });

  it('is false for the same e-mail (whatever its case and spaces), a blank one, or neither', () => {
    expect(changesCredentials({ email: '  ANA@x.test ' }, 'ana@x.test')).toBe(false);
    expect(changesCredentials({ email: '' }, 'ana@x.test')).toBe(false);
    expect(changesCredentials({ password: '' }, 'ana@x.test')).toBe(false);
    expect(changesCredentials({}, 'ana@x.test')).toBe(false);
  });
});

/** The problems the profile edit reports for its `password` field. */
function newPasswordErrors(password: unknown) {
  const result = parseWith(z.object({ password: newPasswordSchema }), { password });
  return result.ok ? [] : result.errors;
}

describe('newPasswordSchema', () => {
  it('accepts no change and a valid password', () => {
    expect(newPasswordErrors(undefined)).toEqual([]);
    expect(newPasswordErrors('')).toEqual([]);
    expect(newPasswordErrors('clave-segura-1')).toEqual([]);
  });

  it('names the password field for a short, long or non-text one', () => {
    expect(newPasswordErrors('corta')).toEqual([{ field: 'password', message: REGISTRATION_MESSAGES.passwordLength }]);
    expect(newPasswordErrors('x'.repeat(201))).toEqual([{ field: 'password', message: REGISTRATION_MESSAGES.tooLong }]);
    expect(newPasswordErrors(42)).toEqual([{ field: 'password', message: REGISTRATION_MESSAGES.password }]);
  });
});
