import { addDayToItem, duplicateDayMessage, priceCart, removeDay } from './pricing';

describe('priceCart', () => {
  it('prices each item as days × dayPrice and sums the total', () => {
    expect(
      priceCart([
        { professionalId: 1, dayPriceCents: 100000, days: ['lunes', 'martes'] },
        { professionalId: 2, dayPriceCents: 250050, days: ['sabado'] },
        { professionalId: 3, dayPriceCents: 70000, days: [] },
      ]),
    ).toEqual({
      lines: [
        { professionalId: 1, quantity: 2, priceCents: 200000 },
        { professionalId: 2, quantity: 1, priceCents: 250050 },
        { professionalId: 3, quantity: 0, priceCents: 0 },
      ],
      totalCents: 450050,
    });
  });

  it('computes in whole cents: three days at 10 cents are 30 cents, not 0.30000000000000004 pesos', () => {
    expect(priceCart([{ professionalId: 1, dayPriceCents: 10, days: ['lunes', 'martes', 'jueves'] }])).toEqual({
      lines: [{ professionalId: 1, quantity: 3, priceCents: 30 }],
      totalCents: 30,
    });
    expect(priceCart([]).totalCents).toBe(0);
  });

  it('refuses a day price in fractions of a cent', () => {
    expect(() => priceCart([{ professionalId: 1, dayPriceCents: 0.1, days: ['lunes'] }])).toThrow(RangeError);
  });
});

describe('addDayToItem', () => {
  const available = ['lunes', 'miercoles', 'viernes', 'sabado'];

  it('adds the day lowercased and keeps DAYS order', () => {
    expect(addDayToItem(['viernes'], 'Lunes', available)).toEqual({ ok: true, days: ['lunes', 'viernes'] });
    expect(addDayToItem(['lunes', 'sabado'], 'miercoles', available)).toEqual({ ok: true, days: ['lunes', 'miercoles', 'sabado'] });
  });

  it('refuses a day already chosen', () => {
    expect(addDayToItem(['lunes'], 'LUNES', available)).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('refuses a day the professional does not offer (or that is not a working day)', () => {
    expect(addDayToItem([], 'martes', available)).toEqual({ ok: false, reason: 'unavailable' });
    expect(addDayToItem([], 'domingo', [...available, 'domingo'])).toEqual({ ok: false, reason: 'unavailable' });
  });
});

describe('removeDay', () => {
  it('removes the day and leaves the rest', () => {
    expect(removeDay(['lunes', 'martes'], 'Lunes')).toEqual(['martes']);
    expect(removeDay(['lunes'], 'jueves')).toEqual(['lunes']);
  });
});

describe('duplicateDayMessage', () => {
  it('is the spec text', () => {
    expect(duplicateDayMessage('lunes', 'Ana Perez')).toBe('El dia lunes para el profesional Ana Perez ya ha sido reservado');
  });
});
