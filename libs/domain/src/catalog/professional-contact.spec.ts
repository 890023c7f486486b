import { localityOf } from './professional-contact';

describe('localityOf', () => {
  it('is what follows the last comma, trimmed', () => {
    expect(localityOf('Av. Corrientes 1234, Balvanera')).toBe('Balvanera');
    expect(localityOf('Calle 1, piso 2,  San Isidro ')).toBe('San Isidro');
  });

  it('is null without a comma or with nothing after it', () => {
    expect(localityOf('Calle Falsa 123')).toBeNull();
    expect(localityOf('')).toBeNull();
    expect(localityOf('Calle Falsa 123,  ')).toBeNull();
  });
});
