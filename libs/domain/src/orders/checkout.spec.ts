import { sameBooking, whyTooManyDates } from './checkout';

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

describe('the dates a checkout may hold unpaid', () => {
  const limits = { maxHeldDates: 60, unverifiedMaxDates: 10 };

  it('lets a verified client hold up to maxHeldDates over all their unpaid orders', () => {
    expect(whyTooManyDates({ dates: 60, heldElsewhere: 0, emailVerified: true }, limits)).toBeNull();
    expect(whyTooManyDates({ dates: 20, heldElsewhere: 40, emailVerified: true }, limits)).toBeNull();
  });

  it('refuses more, saying what to do', () => {
    expect(whyTooManyDates({ dates: 61, heldElsewhere: 0, emailVerified: true }, limits)).toEqual({
      code: 'held_dates_limit',
      message: 'Una compra sin pagar puede reservar hasta 60 días y esta tiene 61: quita días de tu carrito.',
    });
    expect(whyTooManyDates({ dates: 21, heldElsewhere: 40, emailVerified: true }, limits)).toEqual({
      code: 'held_dates_limit',
      message:
        'Ya tienes 40 días reservados sin pagar: paga o cancela una compra antes de reservar más (hasta 60 días sin pagar; esta compra suma 21).',
    });
  });

  it('lets an unverified account book up to unverifiedMaxDates in one checkout, then asks it to verify its e-mail', () => {
    expect(whyTooManyDates({ dates: 10, heldElsewhere: 0, emailVerified: false }, limits)).toBeNull();
    expect(whyTooManyDates({ dates: 11, heldElsewhere: 0, emailVerified: false }, limits)).toEqual({
      code: 'unverified_dates_limit',
      message:
        'Verifica tu correo para reservar más de 10 días en una compra (esta tiene 11): abre el enlace que te enviamos; desde Mi Perfil puedes pedir otro.',
    });
    // Both limits apply to it.
    expect(whyTooManyDates({ dates: 10, heldElsewhere: 55, emailVerified: false }, limits)?.code).toBe('held_dates_limit');
  });

  it('says one day in the singular', () => {
    expect(whyTooManyDates({ dates: 2, heldElsewhere: 0, emailVerified: false }, { maxHeldDates: 5, unverifiedMaxDates: 1 })?.message).toBe(
      'Verifica tu correo para reservar más de 1 día en una compra (esta tiene 2): abre el enlace que te enviamos; desde Mi Perfil puedes pedir otro.',
    );
  });
});
