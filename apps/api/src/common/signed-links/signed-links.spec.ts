import { createHmac, hkdfSync } from 'node:crypto';
import { signLink, verifyLink } from './signed-links';

const SECRET = 'a-session-secret-of-at-least-32-characters!';
const NOW = Date.UTC(2026, 11, 1);

describe('signed links', () => {
  const token = signLink(SECRET, 'booking-decision', { lineId: 7, professionalId: 3 }, NOW + 1000);

  it('gives back the facts of a valid token until it expires', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLink(SECRET, 'booking-decision', token, NOW)).toEqual({ lineId: 7, professionalId: 3 });
    expect(verifyLink(SECRET, 'booking-decision', token, NOW + 1000)).toEqual({ lineId: 7, professionalId: 3 });
    expect(verifyLink(SECRET, 'booking-decision', token, NOW + 1001)).toBeNull();
  });

  it('refuses another purpose, another secret, and any change to the token', () => {
    expect(verifyLink(SECRET, 'password-reset', token, NOW)).toBeNull();
    expect(verifyLink(`${SECRET}x`, 'booking-decision', token, NOW)).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ lineId: 8, professionalId: 3, exp: NOW + 1000 })).toString('base64url');
    expect(verifyLink(SECRET, 'booking-decision', `${forged}.${signature}`, NOW)).toBeNull();
    expect(verifyLink(SECRET, 'booking-decision', `${body}.${signature.slice(1)}`, NOW)).toBeNull();
    for (const junk of ['', '.', 'abc', `${body}.${signature}.x`, `${body}`])
      expect(verifyLink(SECRET, 'booking-decision', junk, NOW)).toBeNull();
  });

  it('refuses a correctly signed body that is not an object of plain facts', () => {
    // Signed with the purpose's key (as the module derives it) but not made by signLink.
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'oficios-signed-links', 'p', 32));
    const tokenOf = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    expect(verifyLink(SECRET, 'p', tokenOf({ a: 1, exp: NOW + 1 }), NOW)).toEqual({ a: 1 });
    expect(verifyLink(SECRET, 'p', tokenOf([1, 2]), NOW)).toBeNull();
    expect(verifyLink(SECRET, 'p', tokenOf({ a: { nested: true }, exp: NOW + 1 }), NOW)).toBeNull();
    expect(verifyLink(SECRET, 'p', tokenOf({ a: 1 }), NOW)).toBeNull();
    expect(verifyLink(SECRET, 'p', tokenOf({ a: 1, exp: '9999999999999' }), NOW)).toBeNull();
  });

  it('refuses fact names that could collide with the expiry, and bad expiries', () => {
    expect(() => signLink(SECRET, 'p', { 'bad key': 1 }, NOW)).toThrow(RangeError);
    expect(() => signLink(SECRET, 'p', { a: 1 }, Number.NaN)).toThrow(RangeError);
  });
});
