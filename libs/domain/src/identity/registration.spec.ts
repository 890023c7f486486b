import { SERVICE_AREA_MESSAGES } from '../geo/service-area';
import { parseWith } from '../validation/field-errors';
import { clientUpdateSchema } from './account.schemas';
import { PROFESSIONAL_EDIT_MESSAGES as E } from './business-terms';
import { REGISTRATION_MESSAGES as M, userTypeFromMessage, validateRegistration } from './registration';

const business = { professions: ['plomero'], dayPrice: 12000, availableDays: ['lunes', 'martes'] };

const client = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  password: 'secreto123',
  phoneNumber: '+54 11 5555-1234',
  address: 'Calle 1',
  isClient: true,
};

describe('validateRegistration', () => {
  it('accepts a complete client and a complete professional', () => {
    expect(validateRegistration(client)).toEqual([]);
    expect(validateRegistration({ ...client, isClient: undefined, isProfessional: true, ...business, aboutMe: 'Hola' })).toEqual([]);
  });

  it('names every missing field with the spec messages', () => {
    expect(validateRegistration({ isClient: true })).toEqual([
      { field: 'email', message: M.email },
      { field: 'password', message: M.password },
      { field: 'firstName', message: 'El campo nombre es obligatorio' },
      { field: 'lastName', message: 'El campo apellido es obligatorio' },
      { field: 'phoneNumber', message: 'El numero de telefono es obligatorio' },
      { field: 'address', message: 'El campo dirección es obligatorio' },
    ]);
  });

  it('checks the e-mail, the password length and the confirmation', () => {
    expect(validateRegistration({ ...client, email: 'no-es-correo' })).toEqual([{ field: 'email', message: M.emailFormat }]);
    expect(validateRegistration({ ...client, password: 'corta' })).toEqual([{ field: 'password', message: M.passwordLength }]);
    expect(validateRegistration(client, { confirmPassword: 'otra-cosa' })).toEqual([
      { field: 'confirmPassword', message: 'Las contraseñas no coinciden' },
    ]);
  });

  it('needs no password for a Google registration', () => {
    expect(validateRegistration({ ...client, password: undefined, google: true })).toEqual([]);
  });

  it('needs exactly one account type and, for professionals, a profession', () => {
    expect(validateRegistration({ ...client, isClient: undefined })).toEqual([{ field: 'type', message: M.type }]);
    expect(validateRegistration({ ...client, isProfessional: true })).toEqual([{ field: 'type', message: M.type }]);
    expect(validateRegistration({ ...client, isClient: false, isProfessional: true, ...business, professions: [] })).toEqual([
      { field: 'professions', message: M.professions },
    ]);
  });

  it('asks a professional for the price per day and the working days: nothing is invented for them', () => {
    const professional = { ...client, isClient: undefined, isProfessional: true, professions: ['plomero'] };
    expect(validateRegistration(professional)).toEqual([
      { field: 'dayPrice', message: E.dayPriceRequired },
      { field: 'availableDays', message: E.availableDays },
    ]);
    expect(validateRegistration({ ...professional, dayPrice: 0, availableDays: [] })).toEqual([
      { field: 'dayPrice', message: E.dayPrice },
      { field: 'availableDays', message: E.availableDays },
    ]);
    expect(validateRegistration({ ...professional, dayPrice: 12000, availableDays: ['domingo'] })).toEqual([
      { field: 'availableDays', message: `${E.unknownDay}: domingo` },
    ]);
    // A client is not asked for them.
    expect(validateRegistration(client)).toEqual([]);
  });

  it('takes an optional service area from a professional, checked by the area rule', () => {
    const professional = { ...client, isClient: undefined, isProfessional: true, ...business };
    expect(validateRegistration({ ...professional, serviceArea: { localityId: '0204201001', radiusKm: 15 } })).toEqual([]);
    expect(validateRegistration({ ...professional, serviceArea: { localityId: '0204201001', radiusKm: 0 } })).toEqual([
      { field: 'serviceArea.radiusKm', message: SERVICE_AREA_MESSAGES.radius },
    ]);
    expect(validateRegistration({ ...professional, serviceArea: { localityId: 'Caballito', radiusKm: 15 } })).toEqual([
      { field: 'serviceArea.localityId', message: SERVICE_AREA_MESSAGES.locality },
    ]);
  });

  it('refuses images that are not ours nor https', () => {
    expect(validateRegistration({ ...client, profileImg: '/uploads/abc.png' })).toEqual([]);
    expect(validateRegistration({ ...client, profileImg: 'javascript:alert(1)' })).toEqual([
      { field: 'profileImg', message: M.profileImg },
    ]);
  });
});

describe('profile edits', () => {
  it('treats blank fields as unchanged and validates the rest', () => {
    expect(parseWith(clientUpdateSchema, { firstName: '', email: '  ' }).ok).toBe(true);
    expect(parseWith(clientUpdateSchema, { email: 'mal', phoneNumber: 'abc' })).toEqual({
      ok: false,
      errors: [
        { field: 'email', message: M.emailFormat },
        { field: 'phoneNumber', message: M.phoneFormat },
      ],
    });
    const changes = parseWith(clientUpdateSchema, { firstName: ' Eva ', lastName: '', email: 'EVA@X.COM' });
    expect(changes).toEqual({ ok: true, value: { firstName: 'Eva', lastName: undefined, email: 'eva@x.com' } });
  });
});

describe('userTypeFromMessage', () => {
  it('reads the first word', () => {
    expect(userTypeFromMessage('cliente logeado')).toBe('cliente');
    expect(userTypeFromMessage('administrador logeado')).toBe('administrador');
    expect(userTypeFromMessage('otro')).toBeNull();
  });
});
