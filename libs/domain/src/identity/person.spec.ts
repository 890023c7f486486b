import { contactOf } from './person';

describe('contactOf', () => {
  it('copies the six contact fields and nothing else (no hash, no id leaks into another copy)', () => {
    const account = {
      id: 7,
      passwordHash: 'hash',
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@oficios.test',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      profileImg: null,
    };
    expect(contactOf(account)).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@oficios.test',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      profileImg: null,
    });
  });
});
