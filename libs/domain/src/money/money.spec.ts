import { addCents, centsToPesos, divideCents, exactCents, formatMoney, multiplyCents, pesosToCents, sumCents } from './money';

/** es-AR puts a no-break space after the currency sign; the tests read it as a plain space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('pesosToCents', () => {
  it('converts pesos to whole cents', () => {
    expect(pesosToCents(2500)).toBe(250000);
    expect(pesosToCents(12500.5)).toBe(1250050);
    expect(pesosToCents(0.01)).toBe(1);
    expect(pesosToCents(0)).toBe(0);
    expect(pesosToCents(-3.25)).toBe(-325);
  });

  it('ignores float noise: 0.1 + 0.2 is 30 cents, 19.99 * 3 is 5997', () => {
    expect(pesosToCents(0.1 + 0.2)).toBe(30);
    expect(pesosToCents(19.99 * 3)).toBe(5997);
    expect(pesosToCents(1.15)).toBe(115);
  });

  it('rounds half away from zero on the decimal as written, not on the binary float', () => {
    expect(Math.round(1.005 * 100)).toBe(100); // what the float arithmetic gets wrong
    expect(pesosToCents(1.005)).toBe(101);
    expect(pesosToCents(2.675)).toBe(268);
    expect(pesosToCents(1.004)).toBe(100);
    expect(pesosToCents(-1.005)).toBe(-101);
    expect(pesosToCents(0.005)).toBe(1);
    expect(pesosToCents(0.004)).toBe(0);
    expect(Object.is(pesosToCents(-0.004), 0)).toBe(true);
  });

  it('reads exponent forms', () => {
    expect(pesosToCents(1e-7)).toBe(0);
    expect(pesosToCents(5e-3)).toBe(1);
    expect(pesosToCents(1e13)).toBe(1e15);
  });

  it('refuses NaN, Infinity and amounts beyond safe integers of cents', () => {
    expect(() => pesosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => pesosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => pesosToCents(1e20)).toThrow(RangeError);
  });
});

describe('exactCents', () => {
  it('accepts whole cents as written', () => {
    expect(exactCents(12500.5)).toBe(1250050);
    expect(exactCents(99.99)).toBe(9999);
    expect(exactCents(15000)).toBe(1500000);
  });

  it('refuses fractions of a cent, NaN, Infinity and what is not a number', () => {
    expect(exactCents(1.005)).toBeNull();
    expect(exactCents(0.1 + 0.2)).toBeNull();
    expect(exactCents(1e-7)).toBeNull();
    expect(exactCents(Number.NaN)).toBeNull();
    expect(exactCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(exactCents('10')).toBeNull();
    expect(exactCents(1e20)).toBeNull();
  });
});

describe('centsToPesos', () => {
  it('gives the pesos as the wire shows them', () => {
    expect(centsToPesos(1250050)).toBe(12500.5);
    expect(centsToPesos(1)).toBe(0.01);
    expect(centsToPesos(30)).toBe(0.3);
    expect(pesosToCents(centsToPesos(123456789))).toBe(123456789);
  });

  it('refuses fractions of a cent', () => {
    expect(() => centsToPesos(10.5)).toThrow(RangeError);
    expect(() => centsToPesos(Number.NaN)).toThrow(RangeError);
  });
});

describe('arithmetic on cents', () => {
  it('adds and sums exactly', () => {
    expect(addCents(10, 20)).toBe(30);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
    // Ten times ten cents is one peso, which adding 0.1 pesos ten times is not.
    expect(sumCents(Array.from({ length: 10 }, () => 10))).toBe(100);
  });

  it('multiplies by whole counts only', () => {
    expect(multiplyCents(250050, 3)).toBe(750150);
    expect(multiplyCents(999, 0)).toBe(0);
    expect(() => multiplyCents(100, 1.5)).toThrow(RangeError);
    expect(() => multiplyCents(100.5, 2)).toThrow(RangeError);
  });

  it('refuses fractions of a cent and overflow', () => {
    expect(() => addCents(0.5, 1)).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('divides into whole-cent shares, rounding half away from zero', () => {
    expect(divideCents(1000, 3)).toBe(333);
    expect(divideCents(1001, 2)).toBe(501);
    expect(divideCents(-1001, 2)).toBe(-501);
    expect(divideCents(750150, 3)).toBe(250050);
    expect(() => divideCents(100, 0)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows whole pesos without decimals, as the screens always did', () => {
    expect(plain(formatMoney(250000))).toBe('$ 2.500');
    expect(plain(formatMoney(0))).toBe('$ 0');
    expect(plain(formatMoney(100000000000))).toBe('$ 1.000.000.000');
  });

  it('shows both cent digits otherwise', () => {
    expect(plain(formatMoney(123450))).toBe('$ 1.234,50');
    expect(plain(formatMoney(250050))).toBe('$ 2.500,50');
    expect(plain(formatMoney(1))).toBe('$ 0,01');
    expect(plain(formatMoney(-325))).toBe('-$ 3,25');
  });

  it('keeps "$" and the amount together with a no-break space', () => {
    expect(formatMoney(250000)).toBe('$\u00a02.500');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});

describe('the money formatters', () => {
  it('are made on first use, not when the module loads (pages that import it without showing money pay nothing)', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      jest.isolateModules(() => {
        const money = jest.requireActual<typeof import('./money')>('./money');
        expect(made).not.toHaveBeenCalled();
        expect(plain(money.formatMoney(250000))).toBe('$ 2.500');
        expect(plain(money.formatMoney(123450))).toBe('$ 1.234,50');
        expect(made).toHaveBeenCalledTimes(2);
      });
    } finally {
      made.mockRestore();
    }
  });
});
