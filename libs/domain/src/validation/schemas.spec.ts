import { addToCartSchema, CART_INPUT_MESSAGES, cartMergeSchema, changeCartDaySchema } from '../cart/cart.schemas';
import { listingQuerySchema } from '../catalog/listing-params';
import { ordersQuerySchema, orderStatusChangeSchema } from '../orders/order.schemas';
import { createProfessionSchema, PROFESSION_MESSAGES } from '../catalog/profession.schemas';
import { clientUpdateSchema, forgotPasswordSchema, LINK_MESSAGES, loginSchema, resetPasswordSchema } from '../identity/account.schemas';
import { PROFESSIONAL_EDIT_MESSAGES } from '../identity/business-terms';
import { professionalEditSchema } from '../identity/professional-edit';
import { REGISTRATION_MESSAGES as M, registrationSchema } from '../identity/registration';
import { createReviewSchema, REVIEW_MESSAGES } from '../reviews/review-rules';
import { parseWith } from './field-errors';
import { BODY_EXPECTED, idSchema } from './schemas';
import type { z } from 'zod';

const client = {
  firstName: 'Eva',
  lastName: 'Núñez',
  email: 'eva@test.local',
  password: 'secreto-123',
  phoneNumber: '+54 11 4444-5555',
  address: 'Calle Falsa 123',
  isClient: true,
};

/** The message the schema gives `field` for this input (undefined when the field passes). */
function messageOf(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = parseWith(schema, input);
  return result.ok ? undefined : result.errors.find((e) => e.field === field)?.message;
}

describe("the spec's registration messages (section 5), from the shared schema", () => {
  it.each([
    ['firstName', '', M.firstName],
    ['lastName', '   ', M.lastName],
    ['email', '', M.email],
    ['phoneNumber', undefined, M.phoneNumber],
    ['address', '', M.address],
    ['password', '', M.password],
  ])('%s %j → %s', (field, value, message) => {
    expect(messageOf(registrationSchema, { ...client, [field]: value }, field)).toBe(message);
  });

  it("'Las contraseñas no coinciden' when the form's confirmation differs", () => {
    expect(messageOf(registrationSchema, { ...client, confirmPassword: 'otra-cosa' }, 'confirmPassword')).toBe(M.passwordMismatch);
    expect(parseWith(registrationSchema, { ...client, confirmPassword: client.password }).ok).toBe(true);
  });

  it('the rules beyond the spec: formats, lengths, type, professions, image', () => {
    expect(messageOf(registrationSchema, { ...client, email: 'no-es-correo' }, 'email')).toBe(M.emailFormat);
    expect(messageOf(registrationSchema, { ...client, phoneNumber: 'abc' }, 'phoneNumber')).toBe(M.phoneFormat);
    expect(messageOf(registrationSchema, { ...client, password: 'corta' }, 'password')).toBe(M.passwordLength);
    expect(messageOf(registrationSchema, { ...client, password: 'x'.repeat(201) }, 'password')).toBe(M.tooLong);
    expect(messageOf(registrationSchema, { ...client, address: 'x'.repeat(201) }, 'address')).toBe(M.tooLong);
    expect(messageOf(registrationSchema, { ...client, isClient: undefined }, 'type')).toBe(M.type);
    expect(messageOf(registrationSchema, { ...client, isClient: false, isProfessional: true, professions: [' '] }, 'professions')).toBe(
      M.professions,
    );
    expect(messageOf(registrationSchema, { ...client, profileImg: 'javascript:alert(1)' }, 'profileImg')).toBe(M.profileImg);
    expect(messageOf(registrationSchema, [client], 'body')).toBe(BODY_EXPECTED);
  });

  it('hands services clean values: trimmed, lower-case e-mail, professions once, no image as null', () => {
    const result = parseWith(registrationSchema, {
      ...client,
      firstName: ' Eva ',
      email: ' EVA@Test.Local ',
      isClient: undefined,
      isProfessional: true,
      professions: ['Plomero', 'plomero ', ''],
      dayPrice: 15000.5,
      availableDays: ['Sabado', 'lunes'],
      profileImg: '',
      unknownField: 'dropped',
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        firstName: 'Eva',
        email: 'eva@test.local',
        professions: ['plomero'],
        dayPrice: 1500050,
        availableDays: ['lunes', 'sabado'],
        profileImg: null,
      },
    });
    expect(result.ok && 'unknownField' in result.value).toBe(false);
  });
});

describe('sign-in and account schemas', () => {
  it('login needs e-mail and password unless Google signs in', () => {
    expect(messageOf(loginSchema, {}, 'email')).toBe(M.email);
    expect(messageOf(loginSchema, { email: 'a@b.co' }, 'password')).toBe(M.password);
    expect(parseWith(loginSchema, { google: true }).ok).toBe(true);
  });

  it('password reset: the link token and the new password', () => {
    expect(messageOf(forgotPasswordSchema, { email: 'mal' }, 'email')).toBe(M.emailFormat);
    expect(messageOf(resetPasswordSchema, { token: '', password: 'secreto-123' }, 'token')).toBe(LINK_MESSAGES.invalidLink);
    expect(messageOf(resetPasswordSchema, { token: 'abc', password: 'corta' }, 'password')).toBe(M.passwordLength);
  });

  it('client edit: blank keeps the value (undefined), anything else follows the field rule', () => {
    expect(parseWith(clientUpdateSchema, { firstName: '', email: '  ', password: '' })).toEqual({
      ok: true,
      value: { firstName: undefined, email: undefined, password: undefined },
    });
    expect(messageOf(clientUpdateSchema, { phoneNumber: 'abc' }, 'phoneNumber')).toBe(M.phoneFormat);
    expect(messageOf(clientUpdateSchema, { email: 'mal' }, 'email')).toBe(M.emailFormat);
    expect(messageOf(clientUpdateSchema, { password: 'corta' }, 'password')).toBe(M.passwordLength);
  });
});

describe('catalogue, review and id schemas', () => {
  const professional = {
    ...client,
    professions: ['plomero'],
    availableDays: ['lunes'],
  };

  it('professional edit messages', () => {
    expect(messageOf(professionalEditSchema, { ...professional, availableDays: [] }, 'availableDays')).toBe(
      PROFESSIONAL_EDIT_MESSAGES.availableDays,
    );
    expect(messageOf(professionalEditSchema, { ...professional, availableDays: ['feriado'] }, 'availableDays')).toBe(
      `${PROFESSIONAL_EDIT_MESSAGES.unknownDay}: feriado`,
    );
    expect(messageOf(professionalEditSchema, { ...professional, dayPrice: 0 }, 'dayPrice')).toBe(PROFESSIONAL_EDIT_MESSAGES.dayPrice);
    expect(messageOf(professionalEditSchema, { ...professional, dayPrice: 100.005 }, 'dayPrice')).toBe(
      PROFESSIONAL_EDIT_MESSAGES.dayPriceCents,
    );
    expect(parseWith(professionalEditSchema, { ...professional, dayPrice: 12500.5 })).toMatchObject({
      ok: true,
      value: { dayPrice: 1250050 },
    });
    expect(messageOf(professionalEditSchema, { ...professional, professions: [] }, 'professions')).toBe(M.professions);
  });

  it('profession name messages; the name is stored collapsed and lower-case', () => {
    expect(messageOf(createProfessionSchema, { name: '  ' }, 'name')).toBe(PROFESSION_MESSAGES.nameRequired);
    expect(messageOf(createProfessionSchema, { name: 'x'.repeat(61) }, 'name')).toBe(PROFESSION_MESSAGES.nameTooLong);
    expect(messageOf(createProfessionSchema, { name: '<b>' }, 'name')).toBe(PROFESSION_MESSAGES.nameMarkup);
    expect(parseWith(createProfessionSchema, { name: '  Techista   Urgente ' })).toEqual({ ok: true, value: { name: 'techista urgente' } });
  });

  it('review messages', () => {
    const review = { professionalId: 3, rating: 4, comment: 'Muy bien' };
    expect(messageOf(createReviewSchema, { ...review, rating: 6 }, 'rating')).toBe(REVIEW_MESSAGES.rating);
    expect(messageOf(createReviewSchema, { ...review, comment: '<p></p>' }, 'comment')).toBe(REVIEW_MESSAGES.commentRequired);
    expect(messageOf(createReviewSchema, { ...review, comment: 'x'.repeat(501) }, 'comment')).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(messageOf(createReviewSchema, { ...review, professionalId: undefined }, 'professionalId')).toBe(
      'professionalId debe ser un entero positivo',
    );
    expect(parseWith(createReviewSchema, { ...review, professionalId: '3', rating: '4' })).toEqual({ ok: true, value: review });
  });

  it('ids: positive integers from numbers or digit strings, each refusal naming the field', () => {
    expect(idSchema('orderId').parse('12')).toBe(12);
    expect(idSchema('orderId').parse(12)).toBe(12);
    for (const bad of ['abc', '0', '-3', '1.5', 1.5, '99999999999', null]) {
      expect(messageOf(idSchema('orderId'), bad, 'body')).toBe('orderId debe ser un entero positivo');
    }
  });

  it('listing query messages', () => {
    const errors = parseWith(listingQuerySchema, {
      page: '0',
      pageSize: '500',
      rating: '9',
      sort: 'price',
      order: 'up',
      search: 'x'.repeat(101),
    });
    expect(errors.ok ? [] : errors.errors.map((e) => e.message)).toEqual([
      'page debe ser un entero mayor o igual a 1',
      'pageSize debe ser un entero entre 1 y 100',
      "rating debe ser 'all' o un entero entre 1 y 5",
      'sort debe ser uno de: firstName, rating, distance',
      'order debe ser uno de: asc, desc',
      'search admite como maximo 100 caracteres',
    ]);
  });
});

describe('cart and order schemas', () => {
  it('cart bodies: days listed, the change type, merge lines named by their row', () => {
    expect(messageOf(addToCartSchema, { professionalId: 3, days: [] }, 'days')).toBe(CART_INPUT_MESSAGES.days);
    expect(parseWith(addToCartSchema, { professionalId: '3', days: [' Lunes '] })).toEqual({
      ok: true,
      value: { professionalId: 3, days: ['lunes'] },
    });
    expect(messageOf(changeCartDaySchema, { type: 'toggle', day: 'lunes' }, 'type')).toBe(CART_INPUT_MESSAGES.changeType);
    expect(messageOf(changeCartDaySchema, { type: 'add', day: ' ' }, 'day')).toBe(CART_INPUT_MESSAGES.day);
    expect(messageOf(addToCartSchema, { professionalId: 3 }, 'days')).toBe(CART_INPUT_MESSAGES.days);
    expect(messageOf(addToCartSchema, { professionalId: 3, dates: ['2026-02-30'] }, 'dates[0]')).toBe(
      'dates debe ser una fecha AAAA-MM-DD',
    );
    expect(parseWith(addToCartSchema, { professionalId: 3, dates: [' 2026-12-07 '] })).toEqual({
      ok: true,
      value: { professionalId: 3, dates: ['2026-12-07'] },
    });
    expect(parseWith(changeCartDaySchema, { type: 'remove', date: '2026-12-07' })).toEqual({
      ok: true,
      value: { type: 'remove', date: '2026-12-07' },
    });
    expect(messageOf(changeCartDaySchema, { type: 'add' }, 'day')).toBe(CART_INPUT_MESSAGES.dayOrDate);
    expect(messageOf(changeCartDaySchema, { type: 'add', day: 'lunes', date: '2026-12-07' }, 'day')).toBe(CART_INPUT_MESSAGES.dayOrDate);
    const merge = parseWith(cartMergeSchema, {
      lines: [
        { professionalId: 1, days: ['lunes'] },
        { professionalId: 'x', days: 'lunes' },
      ],
    });
    expect(merge.ok ? [] : merge.errors).toEqual([
      { field: 'lines[1].professionalId', message: 'professionalId debe ser un entero positivo' },
      { field: 'lines[1].days', message: CART_INPUT_MESSAGES.mergeDays },
    ]);
    expect(messageOf(cartMergeSchema, { lines: Array(51).fill({ professionalId: 1, days: [] }) }, 'lines')).toBe(
      CART_INPUT_MESSAGES.mergeLines,
    );
  });

  it("orders: a known status, 'Todas' for all, paging only when asked", () => {
    expect(messageOf(orderStatusChangeSchema, { status: 'pagada' }, 'status')).toBe(
      'status debe ser uno de: creada, procesando, cancelada, completa',
    );
    expect(parseWith(ordersQuerySchema, { status: 'Todas' })).toEqual({
      ok: true,
      value: { status: undefined, paged: false, page: 1, pageSize: 10 },
    });
    expect(parseWith(ordersQuerySchema, { status: 'creada', page: '2' })).toEqual({
      ok: true,
      value: { status: 'creada', paged: true, page: 2, pageSize: 10 },
    });
    expect(messageOf(ordersQuerySchema, { pageSize: '500' }, 'pageSize')).toBe('pageSize debe ser un entero entre 1 y 100');
  });
});
