import { REGISTRATION_MESSAGES } from './registration';
import { parseWith } from '../validation/field-errors';
import { PROFESSIONAL_EDIT_MESSAGES } from './business-terms';
import { contactChangesOf, professionalEditSchema, toProfessionalEdit } from './professional-edit';

/** What `PUT /home/professionals/{id}` makes of a body: the schema's problems, or the edit the catalogue applies. */
function checkProfessionalEdit(body: Record<string, unknown>) {
  const result = parseWith(professionalEditSchema, body);
  return result.ok ? { ok: true, value: toProfessionalEdit(result.value) } : result;
}

const valid = {
  id: 7,
  firstName: ' Ana ',
  lastName: 'Pérez',
  email: 'Ana@Mail.com',
  phoneNumber: '1155556666',
  address: 'Calle 1',
  profileImg: '/avatars/AP-1.svg',
  professions: ['Plomero', 'gasista', 'plomero'],
  availableDays: ['Sabado', 'lunes', 'lunes'],
  rating: 5,
  reputation: 99,
};

describe('the professional edit', () => {
  it('cleans a valid edit: trimmed, lower-case e-mail, professions once, days once in week order; rating ignored', () => {
    expect(checkProfessionalEdit(valid)).toEqual({
      ok: true,
      value: {
        firstName: 'Ana',
        lastName: 'Pérez',
        email: 'ana@mail.com',
        phoneNumber: '1155556666',
        address: 'Calle 1',
        profileImg: '/avatars/AP-1.svg',
        professions: ['plomero', 'gasista'],
        availableDays: ['lunes', 'sabado'],
      },
    });
  });

  it('takes the day price in pesos and keeps it in cents; refuses fractions of a cent', () => {
    expect(checkProfessionalEdit({ ...valid, dayPrice: 12500.5 })).toMatchObject({ ok: true, value: { dayPriceCents: 1250050 } });
    expect(checkProfessionalEdit({ ...valid, dayPrice: 12500.505 })).toEqual({
      ok: false,
      errors: [{ field: 'dayPrice', message: PROFESSIONAL_EDIT_MESSAGES.dayPriceCents }],
    });
    expect(checkProfessionalEdit({ ...valid, dayPrice: Number.NaN })).toMatchObject({ ok: false, errors: [{ field: 'dayPrice' }] });
  });

  it('names every bad field', () => {
    const result = checkProfessionalEdit({
      ...valid,
      firstName: '',
      email: 'no-mail',
      phoneNumber: 'abc',
      profileImg: 'javascript:alert(1)',
      professions: [],
      availableDays: ['domingo'],
      dayPrice: -5,
    });
    expect(result).toEqual({
      ok: false,
      errors: expect.arrayContaining([
        { field: 'firstName', message: REGISTRATION_MESSAGES.firstName },
        { field: 'email', message: REGISTRATION_MESSAGES.emailFormat },
        { field: 'phoneNumber', message: REGISTRATION_MESSAGES.phoneFormat },
        { field: 'profileImg', message: REGISTRATION_MESSAGES.profileImg },
        { field: 'professions', message: REGISTRATION_MESSAGES.professions },
        { field: 'availableDays', message: `${PROFESSIONAL_EDIT_MESSAGES.unknownDay}: domingo` },
        { field: 'dayPrice', message: PROFESSIONAL_EDIT_MESSAGES.dayPrice },
      ]),
    });
  });

  it('requires at least one day, and accepts no image', () => {
    expect(checkProfessionalEdit({ ...valid, availableDays: [] })).toMatchObject({ ok: false, errors: [{ field: 'availableDays' }] });
    expect(checkProfessionalEdit({ ...valid, profileImg: null })).toMatchObject({ ok: true, value: { profileImg: null } });
  });

  it('keeps the stored e-mail, phone and address when the body sends them null or leaves them out; refuses them blank', () => {
    for (const hidden of [
      { email: null, phoneNumber: null, address: null },
      { email: undefined, phoneNumber: undefined, address: undefined },
    ]) {
      const result = checkProfessionalEdit({ ...valid, ...hidden });
      expect(result).toMatchObject({ ok: true });
      const edit = (result as { value: Parameters<typeof contactChangesOf>[0] }).value;
      expect(contactChangesOf(edit)).toEqual({ firstName: 'Ana', lastName: 'Pérez', profileImg: '/avatars/AP-1.svg' });
    }
    expect(checkProfessionalEdit({ ...valid, email: '', phoneNumber: ' ', address: '' })).toEqual({
      ok: false,
      errors: [
        { field: 'email', message: REGISTRATION_MESSAGES.email },
        { field: 'phoneNumber', message: REGISTRATION_MESSAGES.phoneNumber },
        { field: 'address', message: REGISTRATION_MESSAGES.address },
      ],
    });
  });

  it('changes every contact field the body gives', () => {
    const result = checkProfessionalEdit(valid);
    expect(contactChangesOf((result as { value: Parameters<typeof contactChangesOf>[0] }).value)).toEqual({
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@mail.com',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      profileImg: '/avatars/AP-1.svg',
    });
  });
});
