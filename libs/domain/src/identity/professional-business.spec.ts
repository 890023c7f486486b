import { parseWith } from '../validation/field-errors';
import { PROFESSIONAL_EDIT_MESSAGES as E } from './business-terms';
import { businessChangesSchema, professionalBusinessSchema, toBusinessChanges } from './professional-business';
import { professionalEditSchema, toProfessionalEdit } from './professional-edit';
import { FIELD_MAX_LENGTHS, REGISTRATION_MESSAGES as M } from './registration';

const business = {
  dayPrice: 18500,
  availableDays: ['martes', 'Lunes'],
  professions: ['Gasista', 'plomero', 'gasista'],
  aboutMe: '  Gasista matriculado, 15 años en Caballito.  ',
  profileImg: '/uploads/ana.webp',
};

const changes = (body: unknown) => {
  const result = parseWith(businessChangesSchema, body);
  return result.ok ? { ok: true as const, value: toBusinessChanges(result.value) } : result;
};

describe('the professional business ("Mi negocio")', () => {
  it('cleans the whole business: price in cents, days once in week order, trades once, the bio as written (trimmed)', () => {
    expect(parseWith(professionalBusinessSchema, business)).toEqual({
      ok: true,
      value: {
        dayPrice: 1850000,
        availableDays: ['lunes', 'martes'],
        professions: ['gasista', 'plomero'],
        aboutMe: 'Gasista matriculado, 15 años en Caballito.',
        profileImg: '/uploads/ana.webp',
      },
    });
  });

  it('refuses each bad field with its Spanish message', () => {
    const bad = parseWith(professionalBusinessSchema, {
      dayPrice: -5,
      availableDays: [],
      professions: [' '],
      aboutMe: 'x'.repeat(FIELD_MAX_LENGTHS.aboutMe + 1),
      profileImg: 'javascript:alert(1)',
    });
    expect(bad).toEqual({
      ok: false,
      errors: expect.arrayContaining([
        { field: 'dayPrice', message: E.dayPrice },
        { field: 'availableDays', message: E.availableDays },
        { field: 'professions', message: M.professions },
        { field: 'aboutMe', message: M.tooLong },
        { field: 'profileImg', message: M.profileImg },
      ]),
    });
    expect(parseWith(professionalBusinessSchema, { ...business, dayPrice: undefined })).toMatchObject({
      errors: [{ field: 'dayPrice', message: E.dayPriceRequired }],
    });
    expect(parseWith(professionalBusinessSchema, { ...business, dayPrice: '18500' })).toMatchObject({
      errors: [{ field: 'dayPrice', message: E.dayPrice }],
    });
    expect(parseWith(professionalBusinessSchema, { ...business, dayPrice: 100.005 })).toMatchObject({
      errors: [{ field: 'dayPrice', message: E.dayPriceCents }],
    });
    expect(parseWith(professionalBusinessSchema, { ...business, dayPrice: 10_000_001 })).toMatchObject({
      errors: [{ field: 'dayPrice', message: E.dayPrice }],
    });
    expect(parseWith(professionalBusinessSchema, { ...business, availableDays: ['domingo', 'lunes'] })).toMatchObject({
      errors: [{ field: 'availableDays', message: `${E.unknownDay}: domingo` }],
    });
  });

  it('changes only what is sent: absent keeps, null or blank takes the photo away', () => {
    expect(changes({})).toEqual({ ok: true, value: {} });
    expect(changes({ dayPrice: 20000 })).toEqual({ ok: true, value: { dayPriceCents: 2000000 } });
    expect(changes({ aboutMe: '' })).toEqual({ ok: true, value: { aboutMe: '' } });
    expect(changes({ profileImg: null })).toEqual({ ok: true, value: { profileImg: null } });
    expect(changes({ profileImg: '' })).toEqual({ ok: true, value: { profileImg: null } });
    expect(changes({ availableDays: [] })).toMatchObject({ ok: false, errors: [{ field: 'availableDays', message: E.availableDays }] });
    expect(changes({ dayPrice: null })).toMatchObject({ ok: false, errors: [{ field: 'dayPrice', message: E.dayPriceRequired }] });
    expect(changes([business])).toMatchObject({ ok: false, errors: [{ field: 'body' }] });
  });

  it('"Zona de trabajo": an area sets it, null removes it, absent keeps it', () => {
    const set = parseWith(businessChangesSchema, {
      serviceArea: { localityId: '0204201001', radiusKm: 15, extraLocalityIds: ['82084270'] },
    });
    expect(set.ok && toBusinessChanges(set.value)).toEqual({
      serviceArea: { localityId: '0204201001', radiusKm: 15, extraLocalityIds: ['82084270'], excludedLocalityIds: [] },
    });
    const removed = parseWith(businessChangesSchema, { serviceArea: null });
    expect(removed.ok && toBusinessChanges(removed.value)).toEqual({ serviceArea: null });
    const kept = parseWith(businessChangesSchema, { aboutMe: 'Hola' });
    expect(kept.ok && toBusinessChanges(kept.value)).not.toHaveProperty('serviceArea');
    expect(parseWith(businessChangesSchema, { serviceArea: { localityId: '0204201001', radiusKm: 2.5 } })).toMatchObject({
      ok: false,
      errors: [{ field: 'serviceArea.radiusKm' }],
    });
  });

  it("applies the same rules in the administrators' editor, where the bio may be left out (kept)", () => {
    const admin = {
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@mail.com',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      professions: business.professions,
      availableDays: business.availableDays,
    };
    const kept = parseWith(professionalEditSchema, admin);
    expect(kept.ok && toProfessionalEdit(kept.value)).not.toHaveProperty('aboutMe');
    const written = parseWith(professionalEditSchema, { ...admin, aboutMe: ' Hola ' });
    expect(written.ok && toProfessionalEdit(written.value)).toMatchObject({ aboutMe: 'Hola' });
    expect(parseWith(professionalEditSchema, { ...admin, aboutMe: 'x'.repeat(2001) })).toMatchObject({
      errors: [{ field: 'aboutMe', message: M.tooLong }],
    });
  });
});
