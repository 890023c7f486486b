import { sameBooking } from './checkout';

describe('an open order against its cart', () => {
  const order = [
    { professionalId: 3, days: ['lunes', 'martes'] },
    { professionalId: 8, days: ['sabado'] },
  ];

  it('is the same booking in any order of lines and days', () => {
    expect(
      sameBooking(order, [
        { professionalId: 8, days: ['sabado'] },
        { professionalId: 3, days: ['martes', 'lunes'] },
      ]),
    ).toBe(true);
  });

  it('differs when a professional or a day is added or removed', () => {
    expect(sameBooking(order, [...order, { professionalId: 9, days: ['lunes'] }])).toBe(false);
    expect(sameBooking(order, order.slice(0, 1))).toBe(false);
    expect(sameBooking(order, [{ professionalId: 3, days: ['lunes'] }, order[1]])).toBe(false);
    expect(sameBooking(order, [{ professionalId: 4, days: ['lunes', 'martes'] }, order[1]])).toBe(false);
  });
});
