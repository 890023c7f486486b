import { randomToken } from './random-tokens';

describe('randomToken', () => {
  it('answers the bytes asked for as base64url, each token different, across refills of the pool', () => {
    // 18 bytes: 24 base64url characters. 1,000 tokens spend the 4 KB pool four times over.
    const tokens = Array.from({ length: 1000 }, () => randomToken(18));
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(18);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('hands out fresh bytes when a token does not fit in what is left of the pool', () => {
    // 4096 = 3 × 1000 + 1096: the fourth 1000-byte token needs a refill, never a shorter or repeated slice.
    const tokens = Array.from({ length: 12 }, () => randomToken(1000));
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(1000);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('refuses sizes it cannot serve', () => {
    for (const bytes of [0, -1, 1.5, 4097, Number.NaN]) expect(() => randomToken(bytes)).toThrow(RangeError);
  });
});
