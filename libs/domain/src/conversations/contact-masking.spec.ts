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

describe('maskContacts on disguised contacts', () => {
  const asPhone = (phone: string): [string, string] => [`Llamame al ${phone} cuando puedas`, `Llamame al ${MASKED_PHONE} cuando puedas`];
  const asEmail = (email: string): [string, string] => [
    `Escribime a ${email} y te paso fotos`,
    `Escribime a ${MASKED_EMAIL} y te paso fotos`,
  ];

  it.each([
    asPhone('11/5555/1234'),
    asPhone('11_5555_1234'),
    asPhone('11,5555,1234'),
    asPhone('11 -- 5555 -- 1234'),
    asPhone('11 / 5555 / 1234'),
    asPhone('11|5555|1234'),
    asPhone('11 55.55 12.34'),
    asPhone('１１ ５５５５ １２３４'),
    asPhone('＋５４ ９ １１ ５５５５－１２３４'),
    asPhone('١١ ٥٥٥٥ ١٢٣٤'),
    asPhone('۱۱۵۵۵۵۱۲۳۴'),
    asPhone('११ ५५५५ १२३४'),
    asPhone('11 5O55 1234'),
    asPhone('11 55oo 1234'),
    asPhone('11 5555 l234'),
    asPhone('I1 5555 1234'),
    asPhone('1\u200B1 5555\u00AD1234'),
    asPhone('11\u00A05555\u00A01234'),
    asPhone('once cinco cinco cinco cinco uno dos tres cuatro'),
    asPhone('Once Cinco Cinco Cinco Cinco Uno Dos Tres Cuatro'),
    asPhone('uno uno, cinco cinco cinco cinco, uno dos tres cuatro'),
    asPhone('once cincuenta y cinco cincuenta y cinco doce treinta y cuatro'),
    asPhone('quince cinco cinco cinco cinco dieciséis treinta y cuatro'),
    asPhone('one one five five five five one two three four'),
    asPhone('once 5555 uno dos tres cuatro'),
    asEmail('juan.perez  @  gmail.com'),
    asEmail('juan at gmail dot com'),
    asEmail('juan AT gmail DOT com'),
    asEmail('juan punto perez arroba gmail punto com'),
    asEmail('juan(at)gmail(dot)com'),
    asEmail('juan [arroba] gmail [punto] com'),
    asEmail('juan@gmail punto com punto ar'),
    asEmail('juan @gmail . com'),
    asEmail('ｊｕａｎ＠ｇｍａｉｌ．ｃｏｍ'),
    asEmail('juan﹫gmail.com'),
    asEmail('jua\u200Bn@gma\u200Bil.com'),
    ['Escribime a juan@mail.com. Mañana te llamo', `Escribime a ${MASKED_EMAIL}. Mañana te llamo`],
    ['El 12/05/2026 a las 10, llamame al 11/5555/1234', `El 12/05/2026 a las 10, llamame al ${MASKED_PHONE}`],
    [
      'Sale $ 25.000; mi cel es 11 5O55 1234 y mi mail juan at gmail dot com',
      `Sale $ 25.000; mi cel es ${MASKED_PHONE} y mi mail ${MASKED_EMAIL}`,
    ],
  ])('hides %j', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
    expect(hasContacts(text)).toBe(true);
  });

  it.each([
    ['Sale $ 25.000 la visita'],
    ['Cobro 45000 por día'],
    ['Cobro 25000 por día y 5000 de materiales'],
    ['Cobro 15000/20000 según el trabajo'],
    ['Entre 150000 - 200000 según lo que haya que romper'],
    ['El presupuesto es $ 1.500.000,00'],
    ['Son $12.000, $15.000 y $18.000 según el caño'],
    ['Te paso el presupuesto: 2 días x $ 45.000 = $ 90.000'],
    ['Pinto tres ventanas y dos puertas por 90.000'],
    ['Puedo el 12/05/2026 a la mañana'],
    ['El 12/05/2026 10:30 estoy ahí'],
    ['Serían 2 días: el 12/05/2026 y el 13/05/2026'],
    ['Entre el 01/06/2026 y el 15/06/2026'],
    ['El 12/05 y el 19/05 no puedo'],
    ['Puedo los días 12, 13, 14, 15 y 16 de mayo'],
    ['Puedo el doce, trece, catorce, quince o dieciséis'],
    ['Medidas: 1,20 2,40 3,60 y 0,80 metros'],
    ['Son 12/05/2026-15/05/2026, 3 días'],
    ['El 2026-05-12 o el 2026-05-13 estoy'],
    ['Llego a las 10'],
    ['Llego a las 10:30 hs.'],
    ['De 8 a 12 y de 14 a 18, de lunes a viernes'],
    ['Estoy en Av. Corrientes 1234, piso 5, depto B'],
    ['Av. Corrientes 1234 5º B, timbre 2'],
    ['CP 1425, Palermo'],
    ['Nos vemos en el punto de encuentro a las 9'],
    ['El punto es que necesito dos o tres días'],
    ['Uno de los caños pierde y el otro gotea'],
    ['Lo hago en 1 o 2 días, 10 o 12 horas en total'],
    ['Vivo en Once, cerca de la estación'],
    ['A las once y media estoy'],
    ['Tengo cuarenta y cinco años de oficio'],
    ['Atención: el gato rompió el zapato'],
    ['Te escribo at home'],
    ['Son 4 bolsas de 25 kg y 3 de 50 kg'],
    ['Medidas 120x80 y 60x45, y un caño de 2,5 metros'],
    ['El caño es de 1/2 pulgada y el otro de 3/4'],
    ['Tengo disponibilidad 24/7'],
    ['Pedido número 123456'],
    ['Dejame el 5O% de seña'],
    ['Son 3 ambientes de 4x4, un baño y cocina'],
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text)).toBe(text);
    expect(hasContacts(text)).toBe(false);
  });

  it('leaves an ordinary conversation about a job as written', () => {
    const conversation = [
      'Hola! Necesito cambiar el calefón y revisar una pérdida en el baño.',
      'Hola, sí. ¿Es a gas natural? ¿De cuántos litros es el que tenés?',
      'Es de 14 litros, marca Orbis. Vivo en Av. Rivadavia 5400, 3º A, cerca de Primera Junta.',
      'Perfecto. Puedo el martes 12/05/2026 a las 9 o el jueves 14/05 a las 15:30.',
      'El martes está bien. ¿Cuánto me cobrarías?',
      'La visita sale $ 25.000 y el cambio del calefón unos 120.000, son uno o dos días de trabajo.',
      'Dale. ¿Traés los materiales o los compro yo? Punto aparte, el caño es de 3/4.',
      'Los traigo yo: 2 flexibles, 1 llave de paso y cinta. Nos vemos en el punto de encuentro de la entrada, a las nueve.',
      'Genial, quedamos así. Gracias!',
    ];
    for (const line of conversation) expect(maskContacts(line)).toBe(line);
  });
});
