import { MASKED_EMAIL, MASKED_PHONE, hasContacts, maskContacts } from './contact-masking';

describe('maskContacts', () => {
  it.each([
    ['11 5555-1234'],
    ['11-5555-1234'],
    ['+54 9 11 5555-1234'],
    ['+5491155551234'],
    ['(011) 4555-1234'],
    ['0221 15-555-1234'],
    ['1155556666'],
    ['15-5555-1234'],
    ['4555-1234'],
    ['11.5555.1234'],
    ['1 1 5 5 5 5 1 2 3 4'],
  ])('hides the phone number %s', (phone) => {
    expect(maskContacts(`Llamame al ${phone} cuando puedas`)).toBe(`Llamame al ${MASKED_PHONE} cuando puedas`);
  });

  it('hides a number at the start, at the end and next to punctuation', () => {
    expect(maskContacts('11 5555-1234')).toBe(MASKED_PHONE);
    expect(maskContacts('mi cel: 11 5555-1234.')).toBe(`mi cel: ${MASKED_PHONE}.`);
    expect(maskContacts('(11 5555-1234)')).toBe(`(${MASKED_PHONE})`);
    expect(maskContacts('tel 11 5555-1234, o 0221 15-555-1234')).toBe(`tel ${MASKED_PHONE}, o ${MASKED_PHONE}`);
  });

  it.each([['nombre@dominio.com'], ['nombre@dominio'], ['juan.perez+obra@mail.com.ar'], ['Nombre @ Dominio.com'], ['josé@correo.com']])(
    'hides the e-mail address %s',
    (email) => {
      expect(maskContacts(`Escribime a ${email} y te paso fotos`)).toBe(`Escribime a ${MASKED_EMAIL} y te paso fotos`);
    },
  );

  it.each([
    ['nombre arroba dominio punto com'],
    ['nombre arroba dominio'],
    ['nombre (arroba) dominio.com'],
    ['nombre [at] dominio punto com'],
  ])('hides the spelled-out address %s', (email) => {
    expect(maskContacts(`mi mail es ${email} gracias`)).toBe(`mi mail es ${MASKED_EMAIL} gracias`);
  });

  it.each([
    ['Sale $ 12.000 la visita'],
    ['Sale $12.000 la visita'],
    ['El presupuesto es $ 1.500.000'],
    ['Presupuesto: 15.000.000 pesos'],
    ['Cobro $25000000 por la obra'],
    ['Puedo el 7/12 a la mañana'],
    ['Puedo el 07/12/2025'],
    ['El 12-07-2025 o el 1.8.24'],
    ['Son 2 horas de trabajo'],
    ['Llego 10:30, son 3 caños de 1,5 metros'],
    ['Orden 123 línea 45'],
    ['Del 1 al 5 de marzo, 2 o 3 días'],
    ['Te quiero <3'],
    ['Mi dirección es Calle 1234'],
  ])('leaves %s alone', (text) => {
    expect(maskContacts(text)).toBe(text);
    expect(hasContacts(text)).toBe(false);
  });

  it('hides both kinds in one message and keeps the rest', () => {
    expect(maskContacts('Hola! 11 5555-1234 o nombre@dominio.com, sale $ 12.000 el 7/12')).toBe(
      `Hola! ${MASKED_PHONE} o ${MASKED_EMAIL}, sale $ 12.000 el 7/12`,
    );
  });

  it('keeps line breaks', () => {
    expect(maskContacts('Hola\n11 5555-1234\nChau')).toBe(`Hola\n${MASKED_PHONE}\nChau`);
  });
});
