import { addDayToItem, duplicateDayMessage, priceCart, removeDay } from './pricing';

describe('priceCart', () => {
  it('prices each item as days × dayPrice and sums the total', () => {
    expect(
      priceCart([
        { professionalId: 1, dayPrice: 1000, days: ['lunes', 'martes'] },
        { professionalId: 2, dayPrice: 2500.5, days: ['sabado'] },
        { professionalId: 3, dayPrice: 700, days: [] },
      ]),
    ).toEqual({
      lines: [
        { professionalId: 1, quantity: 2, price: 2000 },
        { professionalId: 2, quantity: 1, price: 2500.5 },
        { professionalId: 3, quantity: 0, price: 0 },
      ],
      total: 4500.5,
    });
  });

  it('rounds to cents', () => {
    expect(priceCart([{ professionalId: 1, dayPrice: 0.1, days: ['lunes', 'martes', 'jueves'] }])).toEqual({
      lines: [{ professionalId: 1, quantity: 3, price: 0.3 }],
      total: 0.3,
    });
    expect(priceCart([]).total).toBe(0);
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
