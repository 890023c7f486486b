let counter = 0;

/** A valid client registration (`POST /home/user/register`) with an e-mail no other call of this file used. */
export function newClientRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Eva',
    lastName: 'Núñez',
    email: `eva${counter}@test.local`,
    password: 'secreto-123',
    phoneNumber: '+54 11 4444-5555',
    address: 'Calle Falsa 123',
    profileImg: null,
    isClient: true,
    ...overrides,
  };
}
